//! Times each anomaly detector and each pipeline step on a text file (for profiling).
//! `cargo run --release --example profile_steps -- FILE`
use delineate::anomaly::*;
use delineate::normalize::*;
use std::time::Instant;

fn t<T>(name: &str, mb: f64, f: impl FnOnce() -> T) -> T {
    let s = Instant::now();
    let r = f();
    println!("  {name:<14} {:>8.0} MB/s", mb / s.elapsed().as_secs_f64());
    r
}

fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    let mb = text.len() as f64 / 1e6;
    t("chars", mb, || chars::scan(&text, true).len());
    t("bidi", mb, || bidi::scan(&text).len());
    t("composition", mb, || {
        composition::scan(&text).findings.kept.len()
    });
    t("lines", mb, || lines::scan(&text).findings.kept.len());
    t("entities", mb, || entities::scan(&text).len());
    t("words", mb, || words::scan(&text).len());
    t("scan_text", mb, || {
        scan_text(&text, ScanContext::default()).findings.len()
    });
    let o = Options::default();
    for step in DEFAULT_STEPS {
        let opts = Options {
            steps: vec![step],
            ..o.clone()
        };
        t(step.name(), mb, || run(&text, None, &opts).steps.len());
    }
    t("pipeline", mb, || run(&text, None, &o).steps.len());
}

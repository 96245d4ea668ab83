//! Anomaly scan plus the default normalisation pipeline, one core (issue target: ≥ 100 MB/s on
//! mostly-ASCII text, ≥ 30 MB/s on accent-heavy text). Mostly ASCII: the Reuters stories;
//! accent-heavy: UDHR translations in Vietnamese, Polish, Czech, Greek, Russian, French,
//! Hungarian, Turkish (from ../shared/data when present, else synthetic). Median of 9 runs.
//! `cargo bench --bench normalize`.

use delineate::anomaly::{ScanContext, scan_text};
use delineate::normalize::{Options, run_with};
use std::time::Instant;

fn read_dir_text(dir: &str, filter: impl Fn(&str) -> bool) -> String {
    let mut out = String::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut paths: Vec<_> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_file()
            && filter(&name)
            && let Ok(b) = std::fs::read(&p)
        {
            out.push_str(&String::from_utf8_lossy(&b));
        }
    }
    out
}

fn grow(unit: &str, target: usize) -> String {
    let mut s = String::with_capacity(target + unit.len());
    while s.len() < target {
        s.push_str(unit);
    }
    s
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn bench(name: &str, text: &str) {
    let mb = text.len() as f64 / 1e6;
    let opts = Options::default();
    let mut scan_rates = Vec::new();
    let mut both = Vec::new();
    for _ in 0..9 {
        let t = Instant::now();
        let s = scan_text(
            text,
            ScanContext {
                text_is_start: true,
                ..Default::default()
            },
        );
        let scan_s = t.elapsed().as_secs_f64();
        let p = run_with(text, None, &opts, Some(&s.findings));
        let total = t.elapsed().as_secs_f64();
        std::hint::black_box((s.findings.len(), p.output.len()));
        scan_rates.push(mb / scan_s);
        both.push(mb / total);
    }
    println!(
        "{name}: {mb:.0} MB — anomaly scan {:.0} MB/s; scan + pipeline {:.0} MB/s (median of 9)",
        median(scan_rates),
        median(both)
    );
}

fn main() {
    let base = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data");
    let ascii = read_dir_text(&format!("{base}/reuters21578/nltk-apte/training"), |_| true);
    let ascii = if ascii.is_empty() {
        "Plain English prose with the odd word, a number 42, and punctuation.\n".repeat(10_000)
    } else {
        ascii
    };
    bench("mostly ASCII (Reuters)", &grow(&ascii, 64 << 20));
    let accents = read_dir_text(&format!("{base}/udhr/core"), |n| {
        ["vie", "pol", "ces", "ell", "rus", "fra", "hun", "tur"]
            .iter()
            .any(|l| n.starts_with(l))
    });
    let accents = if accents.is_empty() {
        "Việt Nam, Zażółć gęślą jaźń, Příliš žluťoučký kůň, Καλημέρα, Привет, Ça va, Árvíztűrő.\n"
            .repeat(10_000)
    } else {
        accents
    };
    bench(
        "accent-heavy (UDHR vie pol ces ell rus fra hun tur)",
        &grow(&accents, 32 << 20),
    );
}

//! Throughput of the text-quality features pass (`encoding::quality::features`), the largest
//! per-candidate cost of `inspect`: every NLTK UDHR file (`../shared/data/udhr/nltk-udhr-2008/`)
//! read as UTF-8 (lossy) and as windows-1252, as the candidates see them; a synthetic
//! multi-script text when the shared data is absent. Prints the median of 9 runs.
//! `cargo bench --bench features`.

use delineate::encoding::quality::features;
use std::time::Instant;

fn texts() -> (Vec<String>, &'static str) {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/udhr/nltk-udhr-2008"
    );
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        let mut paths: Vec<_> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        paths.sort();
        for p in paths.iter().filter(|p| !p.ends_with("manifest.tsv")) {
            let bytes = std::fs::read(p).unwrap();
            out.push(String::from_utf8_lossy(&bytes).into_owned());
            out.push(encoding_rs::WINDOWS_1252.decode(&bytes).0.into_owned());
        }
    }
    if out.is_empty() {
        let unit = "Grüße, résumé, Привет мир, 中文文本, r\u{FFFD}sum\u{FFFD}, plain ASCII words. ";
        return (vec![unit.repeat(20_000)], "synthetic multi-script text");
    }
    (out, "NLTK UDHR files as UTF-8 and as windows-1252")
}

fn main() {
    let (texts, what) = texts();
    let bytes: usize = texts.iter().map(|t| t.len()).sum();
    let chars: usize = texts.iter().map(|t| t.chars().count()).sum();
    let mut times = Vec::new();
    let mut sink = 0.0;
    for _ in 0..9 {
        let t = Instant::now();
        for text in &texts {
            sink += features(text).letter_pair_density;
        }
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let med = times[times.len() / 2];
    println!(
        "features over {what}: {} texts, {:.1} MB, {:.1} M chars: median {:.1} ms, {:.0} MB/s, {:.1} ns/char (checksum {sink:.3})",
        texts.len(),
        bytes as f64 / 1e6,
        chars as f64 / 1e6,
        med * 1e3,
        bytes as f64 / 1e6 / med,
        med * 1e9 / chars as f64
    );
}

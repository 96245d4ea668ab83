//! UTF-8 validation throughput of the streaming validator (target ≥ 1 GB/s), on multi-script
//! text: the UDHR translations in `../shared/data/udhr/core/` when present, else a synthetic
//! mix. Prints the median of 7 runs. `cargo bench --bench validate`.

use delineate::decode::validity::Utf8Scanner;
use std::time::Instant;

fn corpus() -> (Vec<u8>, &'static str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/udhr/core");
    let mut unit = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        let mut paths: Vec<_> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        paths.sort();
        for p in paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        {
            unit.extend(std::fs::read(p).unwrap());
        }
    }
    let what = if unit.is_empty() {
        unit = "Grüße, résumé, Привет мир, 中文文本, 😀 and plain ASCII words. "
            .repeat(4096)
            .into_bytes();
        "synthetic multi-script text"
    } else {
        "UDHR core texts (77 languages, 24 scripts)"
    };
    let mut buf = Vec::with_capacity(256 << 20);
    while buf.len() < 256 << 20 {
        buf.extend_from_slice(&unit);
    }
    (buf, what)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let (buf, what) = corpus();
    let mb = buf.len() as f64 / 1e6;
    let mut ours = Vec::new();
    let mut std_only = Vec::new();
    for _ in 0..7 {
        let t = Instant::now();
        let mut s = Utf8Scanner::new();
        for c in buf.chunks(1 << 20) {
            s.feed(c);
        }
        let v = s.finish();
        ours.push(mb / t.elapsed().as_secs_f64());
        assert!(v.multibyte_sequences > 0);
        let t = Instant::now();
        let ok = std::hint::black_box(std::str::from_utf8(&buf).is_ok());
        std_only.push(mb / t.elapsed().as_secs_f64());
        assert_eq!(ok, v.valid);
    }
    println!("input: {mb:.0} MB of {what}");
    println!(
        "Utf8Scanner (validity + counts, 1 MiB chunks): {:.0} MB/s (median of 7)",
        median(ours)
    );
    println!(
        "std::str::from_utf8 alone, for reference:      {:.0} MB/s (median of 7)",
        median(std_only)
    );
}

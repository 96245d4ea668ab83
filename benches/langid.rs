//! Language identification speed (issue target: ≥ 50,000 snippets of 20 characters per second
//! per core with the nine profiles). Snippets are cut as in `langid eval` from the second
//! halves of the nine UDHR translations (../shared/data when present; else a synthetic set),
//! and written to target/langid-snippets.tsv for `scripts/langid_compare.py` (py3langid on the
//! same snippets). One thread; median of 5 runs. `cargo bench --bench langid`.

use delineate::langid::eval::{TestSet, nine_sets, snippet};
use delineate::langid::{Identifier, Method, Options, models};
use std::path::Path;
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let data = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data"));
    let sets: Vec<TestSet> = nine_sets(data).unwrap_or_else(|_| {
        eprintln!("../shared/data absent: synthetic snippets");
        ["en", "de", "fr", "es", "pt", "it", "nl", "ms", "id"]
            .iter()
            .map(|c| TestSet {
                code: c.to_string(),
                words: "the quick brown fox jumps over the lazy dog and runs away"
                    .split(' ')
                    .map(str::to_string)
                    .collect(),
            })
            .collect()
    });
    let mut rng = fastrand::Rng::with_seed(7);
    let mut snippets = Vec::new();
    for _ in 0..2000 {
        for s in &sets {
            snippets.push((s.code.clone(), snippet(&s.words, 20, &mut rng)));
        }
    }
    let dump: String = snippets
        .iter()
        .map(|(c, t)| format!("{c}\t{t}\n"))
        .collect();
    let _ = std::fs::write(
        concat!(env!("CARGO_MANIFEST_DIR"), "/target/langid-snippets.tsv"),
        dump,
    );
    let nine: Vec<String> = sets.iter().map(|s| s.code.clone()).collect();
    let t = Instant::now();
    let _ = models();
    println!("model load: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    for (name, method) in [
        ("Cavnar–Trenkle", Method::CavnarTrenkle),
        ("naive Bayes", Method::Bayes),
    ] {
        let opts = Options {
            method,
            only: nine.clone(),
            no_abstain: true,
        };
        let id = Identifier::new(&opts);
        let mut rates = Vec::new();
        let mut right = 0;
        for run in 0..5 {
            let t = Instant::now();
            let mut ok = 0;
            for (code, s) in &snippets {
                let v = id.identify(s);
                ok += (v.language == *code) as usize;
            }
            rates.push(snippets.len() as f64 / t.elapsed().as_secs_f64());
            if run == 0 {
                right = ok;
            }
        }
        println!(
            "{name}, nine languages: {} snippets of ≥ 20 characters, {:.0} snippets/s (median of 5), accuracy {:.1} %",
            snippets.len(),
            median(rates),
            right as f64 * 100.0 / snippets.len() as f64
        );
    }
}

//! Where the audit's per-token time goes on a large file: the tokenizer alone, the tokenizer
//! with the corpus term table (`corpus::Terms::count`), and with a plain `FxHashMap` for
//! comparison. Input: `DELINEATE_BENCH_FILE` if set, else a synthetic English-like text of
//! 30 MB. Prints the median of 5 runs of each. `cargo bench --bench terms`.

use delineate::corpus::{DocTerms, Terms};
use delineate::terms::{TokenRule, for_each_token};
use std::time::Instant;

fn text() -> (String, String) {
    if let Ok(p) = std::env::var("DELINEATE_BENCH_FILE") {
        let bytes = std::fs::read(&p).expect("DELINEATE_BENCH_FILE readable");
        return (String::from_utf8_lossy(&bytes).into_owned(), p);
    }
    let words = [
        "the", "company", "said", "it", "expects", "net", "profit", "of", "mln", "dlrs", "in",
        "1987", "compared", "with", "a", "loss", "Resume", "year", "earlier", "shares",
    ];
    let mut s = String::new();
    let mut x: u64 = 7;
    while s.len() < 30_000_000 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        s.push_str(words[(x >> 33) as usize % words.len()]);
        if x >> 60 == 0 {
            s.push_str(&format!("{}", x >> 40));
        }
        s.push_str(if x >> 58 & 7 == 0 { ".\n" } else { " " });
    }
    (s, "synthetic text".into())
}

fn median(mut f: impl FnMut() -> u64) -> (f64, u64) {
    let mut times = Vec::new();
    let mut sink = 0;
    for _ in 0..5 {
        let t = Instant::now();
        sink += f();
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.total_cmp(b));
    (times[2], sink)
}

fn main() {
    let (text, what) = text();
    let mut buf = String::new();
    let mut tokens = 0;
    for_each_token(&text, TokenRule::Alnum, &mut buf, |_, _, _| tokens += 1);
    println!("{what}: {:.1} MB, {tokens} tokens", text.len() as f64 / 1e6);
    let report = |name: &str, (t, sink): (f64, u64)| {
        println!(
            "  {name:<24} median {:7.1} ms  {:6.1} ns/token  {:6.0} MB/s  (checksum {sink})",
            t * 1e3,
            t * 1e9 / tokens as f64,
            text.len() as f64 / 1e6 / t
        )
    };
    report(
        "tokenize",
        median(|| {
            let mut n = 0u64;
            for_each_token(&text, TokenRule::Alnum, &mut buf, |a, _, t| {
                n += a as u64 ^ t.len() as u64
            });
            n
        }),
    );
    report(
        "tokenize + FxHashMap",
        median(|| {
            let mut m: rustc_hash::FxHashMap<String, u64> = Default::default();
            for_each_token(&text, TokenRule::Alnum, &mut buf, |_, _, t| {
                if let Some(v) = m.get_mut(t) {
                    *v += 1;
                } else {
                    m.insert(t.to_string(), 1);
                }
            });
            m.len() as u64
        }),
    );
    report(
        "tokenize + Terms::count",
        median(|| {
            let mut terms = Terms::default();
            let mut seen = DocTerms::default();
            let mut firsts = 0;
            for_each_token(&text, TokenRule::Alnum, &mut buf, |_, _, t| {
                firsts += terms.count(t, 1, &mut seen).first as u64;
            });
            firsts
        }),
    );
}

//! The least an audit can do, for judging issue 7's speed targets: read each file, decode it as
//! UTF-8 (lossy), cut it with the audit's own tokenizer and count term and document
//! frequency in a plain `FxHashMap` per thread, on all cores, then print the top terms. No
//! format identification, encoding evidence, extraction, anomaly scan, language, word lists,
//! provenance or examples: everything the audit does beyond the Python baseline is left out, so
//! the time of this program bounds from below what any audit with the same tokenizer and
//! the same number of cores could reach.
//!
//! `cargo run --release --example audit_floor -- PATH... [--top N]`
//! (`benches/audit.sh` runs it beside the audit, `cat` and the Python baseline.)

use delineate::terms::{TokenRule, for_each_token};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::path::PathBuf;

/// The audit's allocator, so the two are compared on the same footing.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A term's counts in one thread's table; `doc` is the last document that counted it.
#[derive(Default)]
struct Count {
    tf: u64,
    df: u64,
    doc: u32,
}

fn files(args: &[String]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for a in args {
        for e in walkdir::WalkDir::new(a).follow_links(false) {
            match e {
                Ok(e) if e.file_type().is_file() => out.push(e.into_path()),
                Ok(_) => {}
                Err(err) => eprintln!("audit_floor: {err}"),
            }
        }
    }
    out.sort();
    out
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut top = 50;
    if let Some(i) = args.iter().position(|a| a == "--top") {
        top = args
            .get(i + 1)
            .and_then(|n| n.parse().ok())
            .expect("--top N");
        args.drain(i..i + 2);
    }
    let paths = files(&args);
    let tables: Vec<FxHashMap<String, Count>> = paths
        .par_iter()
        .enumerate()
        .fold(
            || (FxHashMap::<String, Count>::default(), String::new()),
            |(mut m, mut buf), (i, p)| {
                let doc = i as u32 + 1;
                let bytes = match std::fs::read(p) {
                    Ok(b) => b,
                    Err(e) => {
                        eprintln!("audit_floor: {}: {e}", p.display());
                        return (m, buf);
                    }
                };
                let text = String::from_utf8_lossy(&bytes);
                for_each_token(&text, TokenRule::Alnum, &mut buf, |_, _, t| {
                    let c = match m.get_mut(t) {
                        Some(c) => c,
                        None => m.entry(t.to_string()).or_default(),
                    };
                    c.tf += 1;
                    if c.doc != doc {
                        c.doc = doc;
                        c.df += 1;
                    }
                });
                (m, buf)
            },
        )
        .map(|(m, _)| m)
        .collect();
    let mut all = FxHashMap::<String, (u64, u64)>::default();
    for t in tables {
        for (k, c) in t {
            let e = all.entry(k).or_default();
            e.0 += c.tf;
            e.1 += c.df;
        }
    }
    let mut ranked: Vec<(&String, &(u64, u64))> = all.iter().collect();
    let n = top.min(ranked.len());
    if n > 0 {
        ranked.select_nth_unstable_by(n - 1, |a, b| b.1.0.cmp(&a.1.0).then(a.0.cmp(b.0)));
    }
    ranked.truncate(n);
    ranked.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.0.cmp(b.0)));
    let docs = paths.len().max(1) as f64;
    for (rank, (term, (tf, df))) in ranked.iter().enumerate() {
        println!(
            "{}\t{term}\t{tf}\t{df}\t{:.1}",
            rank + 1,
            100.0 * *df as f64 / docs
        );
    }
}

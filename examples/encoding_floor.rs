//! The least an encoding verdict can do, for judging issue 18's speed targets (`inspect --json`
//! at 2× charset-normalizer's `normalizer` and 4× chardet's `chardetect`): read each file, sniff
//! a BOM, check UTF-8 validity, take chardetng's guess over the first 64 KiB exactly as
//! `inspect` does (`statistical::guess`), decode the whole file with the verdict, and print one
//! line per file — on all cores. `--ngram` also scores one reading's words around its non-ASCII
//! bytes (up to `likely::CONDENSED_BYTES`) under the shipped n-gram language model once, the
//! least any language evidence costs (`inspect` weighs up to nine readings).
//!
//! No declarations, candidates, word lists, mojibake, segments, anomalies or JSON: everything
//! `inspect` does beyond one detector's guess is left out, so this program's time bounds from
//! below what a verdict that keeps chardetng as one voter could reach on the same cores.
//!
//! `cargo run --release --example encoding_floor -- [--ngram] PATH...`
//! (`benches/encoding_speed.sh` runs it beside `inspect` and the peers.)

use delineate::decode::decoder::{ErrorMode, decode};
use delineate::encoding::{likely::CONDENSED_BYTES, statistical};
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;

/// The binary's allocator, so the two are compared on the same footing.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The encoding a BOM, UTF-8 validity or chardetng's guess gives `bytes`, and the text.
fn verdict(bytes: &[u8]) -> (&'static encoding_rs::Encoding, String) {
    let encoding = match encoding_rs::Encoding::for_bom(bytes) {
        Some((e, _)) => e,
        None if std::str::from_utf8(bytes).is_ok() => encoding_rs::UTF_8,
        None => {
            let sample = &bytes[..bytes.len().min(statistical::SAMPLE_BYTES)];
            let complete = sample.len() == bytes.len();
            statistical::guess(sample, 0, complete, true).encoding
        }
    };
    let charset = delineate::decode::charset::Charset::Whatwg(encoding);
    let text = decode(bytes, 0, charset, ErrorMode::Replace, true).text;
    (encoding, text)
}

/// The words of `text` that hold a non-ASCII character, up to `budget` bytes: what a language
/// judgement of the reading would weigh.
fn condensed(text: &str, budget: usize) -> String {
    let mut out = String::new();
    for w in text.split(|c: char| c.is_whitespace() || c.is_ascii_punctuation()) {
        if !w.is_ascii() {
            out.push_str(w);
            out.push(' ');
            if out.len() >= budget {
                break;
            }
        }
    }
    out
}

fn main() {
    let mut ngram = false;
    let mut paths = Vec::new();
    for a in std::env::args().skip(1) {
        if a == "--ngram" {
            ngram = true;
        } else {
            paths.push(PathBuf::from(a));
        }
    }
    let lines: Vec<String> = paths
        .par_iter()
        .map(|p| match std::fs::read(p) {
            Ok(bytes) => {
                let (encoding, text) = verdict(&bytes);
                let mut line = format!("{}\t{}\t{}", p.display(), encoding.name(), text.len());
                if ngram {
                    let model = delineate::lexicon::model();
                    let (scores, features) = model.scores(&condensed(&text, CONDENSED_BYTES), None);
                    let best = scores
                        .iter()
                        .enumerate()
                        .max_by(|a, b| a.1.total_cmp(b.1))
                        .map_or(0, |(i, _)| i);
                    line.push_str(&format!("\t{best}\t{features}"));
                }
                line
            }
            Err(e) => format!("{}\terror: {e}", p.display()),
        })
        .collect();
    let mut out = std::io::stdout().lock();
    for l in lines {
        // `Debug` quoting: no byte of a file name reaches the terminal as a control sequence.
        let _ = writeln!(out, "{:?}", l);
    }
}

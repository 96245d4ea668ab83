//! Dumps the features of every reading the likely-encoding verdict weighs, for each file of an
//! encoding dev set (scripts/make_encoding_devset.py, or any folder of `files/` and a
//! `manifest.tsv` whose encodings may lie outside WHATWG), as TSV on stdout: the file, the reading's
//! encodings, whether the reading is the true text, and the features of
//! `delineate::encoding::likely::Features`. scripts/fit_likely.py fits the weights from it.
//!
//!   cargo run --release --example likely_features -- DEVSET_DIR > features.tsv

use delineate::decode::Charset;
use delineate::encoding::likely::same_but_controls;
use delineate::source::Input;

fn main() {
    let dir = std::env::args().nth(1).expect("the dev set folder");
    let manifest = std::fs::read_to_string(format!("{dir}/manifest.tsv")).expect("manifest.tsv");
    println!(
        "file\tmembers\tcorrect\terrors\tcontrols\todd\talien\tmixed\tmultibyte\tutf8\tknown\tunknown\tunlisted\tknown_own\tunknown_own\tngram\tngram_sum\tforeign\tforeign_own\tprior\tbase\tbase_unexplained\tngram_own\tdeclared\tchardet\twords"
    );
    for line in manifest.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        if c.len() < 8 || !c[7].is_empty() {
            continue;
        }
        let path = format!("{dir}/files/{}", c[0]);
        let bytes = std::fs::read(&path).expect("a dev-set file");
        let Ok(truth) = Charset::for_label(c[1]) else {
            continue;
        };
        let want = Some(text_of(truth.charset, &bytes));
        let input = Input::from_bytes(c[0], bytes.clone());
        let r = delineate::report::inspect(&input, &Default::default()).expect("in memory");
        for rd in &r.likely.readings {
            // Right: the truth's text, or (in a damaged dev set, scripts/make_damaged_devset.py)
            // every letter of it, where the truth reads a windows byte as a C1 control.
            let correct = rd.members.iter().any(|m| {
                want.as_ref()
                    .is_some_and(|w| same_but_controls(&text_of(*m, &bytes), w))
            });
            let f = &rd.features;
            let names: Vec<&str> = rd.members.iter().map(|m| m.name()).collect();
            println!(
                "{}\t{}\t{}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{}",
                c[0],
                names.join(","),
                correct as u8,
                f.errors,
                f.controls,
                f.odd,
                f.alien,
                f.mixed,
                f.multibyte,
                f.utf8,
                f.known,
                f.unknown,
                f.unlisted,
                f.known_own,
                f.unknown_own,
                f.ngram,
                f.ngram_sum,
                f.foreign,
                f.foreign_own,
                f.prior,
                f.base,
                f.base_unexplained,
                f.ngram_own,
                f.declared,
                f.chardet,
                f.words
            );
        }
    }
}

/// The text of `bytes` in `cs`: encoding_rs for a WHATWG encoding, this tool's decoders for the
/// ones outside it (DOS and Mac pages, VISCII, Johab, EUC-TW, UTF-32), U+FFFD for errors.
fn text_of(cs: Charset, bytes: &[u8]) -> String {
    match cs.whatwg() {
        Some(e) => e.decode_without_bom_handling(bytes).0.into_owned(),
        None => {
            delineate::decode::decode(bytes, 0, cs, delineate::decode::ErrorMode::Replace, true)
                .text
        }
    }
}

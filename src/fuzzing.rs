//! Entry points for fuzzing: every stage that takes bytes, driven the way the tool drives it,
//! with the invariants it must keep checked on the way (spans inside the input, offsets on
//! character boundaries). `fuzz/` (cargo-fuzz) calls these, and `tests/fuzz_replay.rs` replays
//! the fuzz corpora and the regression inputs through them inside `cargo test`, so a crash that
//! fuzzing found stays fixed.
//!
//! A function here must never panic on any input: a panic is a bug in the stage it drives.
//! Extraction goes through [`extract::extract`], whose isolation turns a third-party parser's
//! panic into that document's error, as users get it.

use crate::encoding::mojibake;
use crate::extract::{self, UnitChoice};
use crate::format::{self, Format};
use crate::source::Input;
use crate::{anomaly, langid, normalize, report, terms};

/// A fuzz entry point.
pub type Target = fn(&[u8]);

/// The fuzz targets: name, and what each drives.
pub const TARGETS: &[(&str, Target)] = &[
    ("encoding", encoding),
    ("mojibake", mojibake_repair),
    ("anomalies", anomalies),
    ("normalize", normalize_pipeline),
    ("tokens", tokens),
    ("format", format_identify),
    ("html", |d| extract_as("fuzz.html", d)),
    ("xml", |d| extract_as("fuzz.xml", d)),
    ("office", |d| extract_as("fuzz.docx", d)),
    ("pdf", |d| extract_as("fuzz.pdf", d)),
    ("email", |d| extract_as("fuzz.eml", d)),
    ("mbox", |d| extract_as("fuzz.mbox", d)),
    ("sgml", |d| extract_as("fuzz.sgm", d)),
    ("langid", language),
    ("stdin", standard_input),
];

/// Runs the target named `name` on `data` (false: no such target).
pub fn run(name: &str, data: &[u8]) -> bool {
    match TARGETS.iter().find(|(n, _)| *n == name) {
        Some((_, f)) => {
            f(data);
            true
        }
        None => false,
    }
}

/// Standard input as the commands read it (`-`): held in memory up to a limit (4 KiB here,
/// so both sides of it are reached), then inspected, scanned and extracted like a file.
pub fn standard_input(data: &[u8]) {
    const LIMIT: u64 = 4096;
    match Input::from_reader("-", data, LIMIT) {
        Ok(input) => {
            assert!(
                data.len() as u64 <= LIMIT,
                "{} bytes read past the limit",
                data.len()
            );
            assert_eq!(input.as_slice(), Some(data));
            let r = report::inspect(&input, &Default::default()).expect("in-memory input");
            let skip = r.encoding.bom_len as u64;
            let scan = anomaly::document::scan_input(&input, r.encoding.encoding, skip, 100)
                .expect("in-memory input");
            assert!(scan.findings.len() <= 100);
            let _ = extract::extract(&input, &Default::default());
        }
        Err(e) => {
            assert!(data.len() as u64 > LIMIT, "refused within the limit: {e}");
            assert!(e.to_string().contains("the most held in memory"));
        }
    }
}

/// The text stages take text: fuzz bytes as UTF-8, invalid sequences replaced.
fn text_of(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Evidence, decision, every candidate decoding, mojibake analysis: `inspect`.
pub fn encoding(data: &[u8]) {
    let input = Input::from_bytes("fuzz.bin", data.to_vec());
    let r = report::inspect(&input, &Default::default()).expect("in-memory input");
    let len = data.len() as u64;
    for e in &r.evidence {
        if let Some(s) = e.byte_span {
            assert!(
                s.start <= s.end && s.end <= len,
                "evidence span {s:?} past {len}"
            );
        }
    }
}

/// Mojibake detection and repair on arbitrary text.
pub fn mojibake_repair(data: &[u8]) {
    let text = text_of(data);
    let _ = mojibake::analyze(&text);
    let _ = mojibake::repair(&text);
}

/// The anomaly scan: findings stay inside the text, on character boundaries.
pub fn anomalies(data: &[u8]) {
    let text = text_of(data);
    let scan = anomaly::scan_text(&text, anomaly::ScanContext::default());
    for f in &scan.findings {
        assert!(f.text_start <= f.text_end && f.text_end <= text.len());
        assert!(text.is_char_boundary(f.text_start) && text.is_char_boundary(f.text_end));
    }
}

/// The normalisation pipeline in the seed's order, NFC and NFKC.
pub fn normalize_pipeline(data: &[u8]) {
    let text = text_of(data);
    let p = normalize::run(&text, None, &Default::default());
    let step = (p.output.len() / 256).max(1);
    for o in (0..=p.output.len()).step_by(step) {
        if p.output.is_char_boundary(o) {
            assert!(p.output_to_original(o) <= text.len());
        }
    }
    let nfkc = normalize::Options {
        form: normalize::Form::Nfkc,
        fold_case: true,
        strip_accents: true,
        ..Default::default()
    };
    let _ = normalize::run(&text, None, &nfkc);
}

/// Both tokenizers agree, and tokens lie inside the text.
pub fn tokens(data: &[u8]) {
    let text = text_of(data);
    for rule in [terms::TokenRule::Alnum, terms::TokenRule::Letters] {
        let reference: Vec<terms::Token> = terms::tokenize(&text, rule).collect();
        assert_eq!(reference, terms::fast_tokens(&text, rule));
    }
}

/// Format identification by magic number, under a few names.
pub fn format_identify(data: &[u8]) {
    for name in ["fuzz", "fuzz.html", "fuzz.docx", "fuzz.pdf", "fuzz.eml"] {
        let r = format::identify_bytes(name, data);
        let _ = r.detected.description();
    }
}

/// Extraction of `data` named `name` (the name only hints: the bytes decide the format),
/// in every unit choice the format has.
pub fn extract_as(name: &str, data: &[u8]) {
    let input = Input::from_bytes(name, data.to_vec());
    for unit in [UnitChoice::Auto, UnitChoice::File] {
        let opts = extract::Options {
            unit,
            ..Default::default()
        };
        let x = extract::extract(&input, &opts).expect("in-memory input");
        for u in &x.units {
            if let Some(b) = u.byte_span {
                assert!(b.start <= b.end && b.end <= data.len() as u64, "{b:?}");
            }
        }
        if x.format.detected == Format::Empty {
            break;
        }
    }
}

/// Language identification of a whole text, of its passages, and the document policy over them.
pub fn language(data: &[u8]) {
    let text = text_of(data);
    let opts = langid::Options::default();
    let _ = langid::identify(&text, &opts);
    for p in langid::passages(&text, &opts) {
        assert!(p.start <= p.end && p.end <= text.len());
        assert!(text.is_char_boundary(p.start) && text.is_char_boundary(p.end));
    }
    // The document policy, with its mixing check over the passages.
    let v = langid::document_verdict(&langid::Identifier::new(&opts), &text);
    assert!((0.0..=1.0).contains(&v.confidence), "{v:?}");
}

/// Installs, once, a panic hook that stays quiet for panics inside an isolated extractor
/// thread (they are caught and become that document's error, as users get them) and hands
/// every other panic to the hook installed before (libFuzzer's, which reports a crash).
pub fn quiet_isolated_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !extract::is_isolated_thread() {
                previous(info);
            }
        }));
    });
}

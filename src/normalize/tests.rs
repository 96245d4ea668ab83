//! Unit tests of `normalize` (kept apart so the module reads as its job).

use super::*;

/// The plain byte-at-a-time whitespace scan the bit-mask version replaced: the oracle.
fn whitespace_reference(text: &str, opts: &Options) -> Vec<(usize, usize, String)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let w = ws_at(b, i);
        if w == 0 {
            i += 1;
            continue;
        }
        let (start, mut j, mut newlines) = (i, i, 0);
        while j < b.len() && ws_at(b, j) > 0 {
            newlines += (b[j] == b'\n') as usize;
            j += ws_at(b, j);
        }
        if let Some(c) = ws_change(text, start, j, newlines, opts) {
            out.push((c.at, c.len, c.inserted.into_owned()));
        }
        i = j;
    }
    out
}

#[test]
fn reusing_scan_findings_changes_nothing() {
    let opts = Options::default();
    for text in [
        "infor-\nmation and soft\u{AD}\nhyphen, a zero\u{200B}width space, re\u{301}sume\u{301}",
        "plain text\nwrapped at the line end\n\nnew paragraph\n",
        "self-\nesteem, \u{FEFF}mid BOM, \u{202E}override",
    ] {
        let scan = crate::anomaly::scan_text(text, Default::default());
        let with = run_with(text, None, &opts, Some(&scan.findings));
        let without = run(text, None, &opts);
        assert_eq!(with.output, without.output, "{text:?}");
        assert_eq!(with.record, without.record, "{text:?}");
    }
}

#[test]
fn whitespace_matches_reference() {
    let opts = Options::default();
    let mut cases: Vec<String> = vec![
        " lead".into(),
        "trail ".into(),
        "a b".into(),
        "a  b\n\nc\td\u{A0}e\u{3000}f\u{2009}g\r\nh".into(),
        "x".repeat(63) + " y",
        "x".repeat(62) + " \u{A0}y",
        "x".repeat(63) + "  " + &"y".repeat(70) + "\n" + &"z ".repeat(40),
        "é ü\u{1680}©  ".into(),
    ];
    // Every short string over an alphabet of word bytes and whitespace, at several
    // offsets from a block boundary.
    let alphabet = [" ", "a", "\n", "\u{A0}", "\t", "é"];
    for code in 0..6usize.pow(5) {
        let mut c = code;
        let mut s = String::new();
        for _ in 0..5 {
            s.push_str(alphabet[c % 6]);
            c /= 6;
        }
        for pad in [0, 60, 61, 62, 63] {
            cases.push("w".repeat(pad) + &s);
        }
    }
    for case in &cases {
        let got: Vec<_> = whitespace(case, &opts)
            .changes
            .into_iter()
            .map(|c| (c.at, c.len, c.inserted.into_owned()))
            .collect();
        assert_eq!(got, whitespace_reference(case, &opts), "{case:?}");
    }
}

fn out(text: &str) -> String {
    run(text, None, &Options::default()).output
}

#[test]
fn the_seeds_order_repairs_everything() {
    let raw = "Delineation turns bytes into infor-\nmation\u{200b} that an in\u{ad}dex can\nuse:   re\u{301}sume\u{301}, ﬁle.\n\n\nNext\u{a0}paragraph.";
    assert_eq!(
        out(raw),
        "Delineation turns bytes into information that an index can use: résumé, ﬁle.\n\nNext paragraph."
    );
    let nfkc = run(
        raw,
        None,
        &Options {
            form: Form::Nfkc,
            ..Options::default()
        },
    );
    assert!(
        nfkc.output.contains("file."),
        "ligatures fold only under NFKC"
    );
}

/// Collapsing whitespace before repairing hyphenation destroys the line structure the
/// repair needs; the pipeline's own order does not.
#[test]
fn order_matters() {
    let raw = "bytes into infor-\nmation.";
    assert_eq!(out(raw), "bytes into information.");
    let wrong = Options {
        steps: vec![
            Step::Invisibles,
            Step::Normalize,
            Step::Whitespace,
            Step::Hyphenation,
        ],
        ..Options::default()
    };
    assert_eq!(run(raw, None, &wrong).output, "bytes into infor- mation.");
    // A soft hyphen at a line end survives step 2 for step 4 to join.
    assert_eq!(out("infor\u{ad}\nmation"), "information");
}

#[test]
fn steps_record_what_they_changed() {
    let p = run(
        "a\u{200b}b  c\u{200d}",
        Some(("UTF-8", "validity")),
        &Options::default(),
    );
    assert_eq!(p.steps[0].counts, [("zero-width", 2)]);
    assert_eq!(p.steps[3].counts, [("collapsed", 1)]);
    assert_eq!(p.record.encoding.as_deref(), Some("UTF-8"));
    assert_eq!(p.record.steps.len(), 4);
    let json = serde_json::to_string(&p.record).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, p.record);
    // Legitimate joiners stay.
    assert_eq!(out("👩\u{200d}💻"), "👩\u{200d}💻");
}

#[test]
fn offsets_map_through_a_step() {
    let p = run("ab\u{200b}cd", None, &Options::default());
    let s = &p.steps[0];
    assert_eq!(s.text.as_deref(), Some("abcd"));
    assert_eq!(s.to_input(2), 5); // 'c' came from input offset 5
    assert_eq!(s.to_output(5), 2);
    assert_eq!(s.to_output(2), 2); // the ZWSP itself maps to where it was
    assert_eq!(s.changed_ranges(), [(2, 2)]);
}

#[test]
fn fold_is_a_copy_and_queries_match() {
    let opts = Options {
        steps: vec![
            Step::Invisibles,
            Step::Normalize,
            Step::Hyphenation,
            Step::Whitespace,
            Step::Fold,
        ],
        ..Options::default()
    };
    let p = run("Le Résumé", None, &opts);
    assert_eq!(p.output, "Le Résumé");
    assert_eq!(p.folded.as_deref(), Some("le resume"));
    assert_eq!(normalize_query("RE\u{301}SUME\u{301}", &opts), "resume");
    assert_eq!(
        normalize_query("re\u{301}sume\u{301}", &Options::default()),
        "résumé"
    );
    assert_eq!(
        normalize_query("pay\u{200b}pal", &Options::default()),
        "paypal"
    );
}

#[test]
fn punctuation_is_optional() {
    let raw = "it’s well‐known";
    assert_eq!(out(raw), raw);
    let p = run(
        raw,
        None,
        &Options {
            punctuation: true,
            ..Options::default()
        },
    );
    assert_eq!(p.output, "it's well-known");
}

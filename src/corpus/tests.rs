//! Unit tests of `corpus` (kept apart so the module reads as its job).

use super::unit::{FileDiags, audit_unit};
use super::*;
use crate::extract::DocumentUnit;

/// A corpus with one main language is judged by it alone, minor languages left out; one
/// whose main languages leave out more than 5 % of the units by all of its languages.
#[test]
fn non_word_languages_widen_for_a_multilingual_corpus() {
    let map = |pairs: &[(&str, u64)]| -> BTreeMap<String, u64> {
        pairs.iter().map(|&(l, n)| (l.to_string(), n)).collect()
    };
    // Reuters: 62 unidentified stories and a few misread ones do not count.
    let reuters = map(&[("en", 10_717), ("und", 62), ("nl", 5), ("fr", 2), ("sv", 1)]);
    assert_eq!(non_word_languages(&reuters), ["en"]);
    let two = map(&[("en", 60), ("de", 38), ("fr", 2)]);
    assert_eq!(non_word_languages(&two), ["en", "de"]);
    // One document per language: no language is minor.
    let udhr = map(&[
        ("en", 2),
        ("ru", 1),
        ("bg", 1),
        ("mk", 1),
        ("fr", 1),
        ("de", 1),
    ]);
    assert_eq!(
        non_word_languages(&udhr),
        ["en", "bg", "de", "fr", "mk", "ru"]
    );
    assert!(non_word_languages(&map(&[("und", 3)])).is_empty());
}

/// The report of an audit whose threads' term tables are left apart equals the report of
/// the folded partial: frequencies summed over the tables, records (df, flags, mix-ups,
/// examples) folded for the terms shown, the distinct count of the union; and when the
/// tables hold more than `max_terms` between them, the same pruning as folding.
#[test]
fn unfolded_report_equals_folded() {
    let items = test_items(30);
    let cancel = AtomicBool::new(false);
    for (max_terms, top) in [(1_000_000, 50), (1_000_000, 3), (40, 10)] {
        let opts = AuditOptions {
            max_terms,
            top,
            ..AuditOptions::default()
        };
        // Three partials, as three threads would leave them.
        let parts: Vec<Partial> = items
            .chunks(10)
            .map(|c| audit_items(c, &[], &opts, &Progress::default(), &cancel))
            .collect();
        let mut folded = Partial::new(opts.tokens);
        for p in parts.clone() {
            folded.merge(p, &opts);
        }
        let mut unfolded = Unfolded {
            partial: Partial::new(opts.tokens),
            tables: Vec::new(),
        };
        for mut p in parts {
            unfolded.tables.push(std::mem::take(&mut p.terms));
            unfolded.partial.merge(p, &opts);
        }
        assert_eq!(unfolded.tables.len(), 3);
        let want = report(&folded, &opts);
        let got = unfolded.report_taking_documents(&opts);
        assert_eq!(got, want, "max_terms {max_terms}, top {top}");
        assert!(
            want.terms
                .iter()
                .any(|t| t.df > 10 && !t.examples.is_empty())
        );
        assert_eq!(
            want.summary.pruned_terms > 0,
            max_terms == 40,
            "{}",
            want.summary.distinct_terms
        );
    }
}

/// A file's name is what `Path::display` writes, also for bytes that are not UTF-8.
#[cfg(unix)]
#[test]
fn item_names_are_the_display_form() {
    use std::os::unix::ffi::OsStrExt;
    for bytes in [
        b"plain/name.txt".as_slice(),
        b"caf\xe9/\xff\xfe.txt",
        b"\xe2\x82",
        b"ok\xf0\x9f\x98",
    ] {
        let p = PathBuf::from(std::ffi::OsStr::from_bytes(bytes));
        assert_eq!(Item::Path(p.clone()).name(), crate::visible::path_name(&p));
    }
}

/// A table of figures with a few English words (Reuters test/20220): numbers neither
/// vote nor dilute the stop-word votes, which decide English. Counted with the numbers,
/// the words were too few a share and the n-gram model, given the first 160 characters
/// (all capitals and figures), said Dutch.
#[test]
fn numbers_do_not_dilute_the_stop_word_votes() {
    let text = "WEIRTON STEEL CORP 3RD QTR\n  Net 33.6 mln vs 11.1 mln\n      Revs 319.6 mln vs \
        295.1 mln\n      Nine mths\n      Net 97.3 mln vs 30.0 mln\n      Revs 997.8 mln vs \
        860.0 mln\n      NOTE: Company does not report per share earnings as it is a\n  \
        privately-owned concern.\n      Net amounts reported are before taxes, profit \
        sharing, and\n  contribution to employee stock ownership trust.\n";
    let d = audit_text(text, &mut Terms::default());
    assert_eq!(d.language, "en");
}

/// Audits `text` as one UTF-8 text unit, its terms into `terms`.
fn audit_text(text: &str, terms: &mut Terms) -> DocReport {
    let mut u = DocumentUnit::new(
        "t",
        extract::Locator::File,
        crate::format::Format::Text,
        text.to_string(),
    );
    u.encoding = Some("UTF-8".into());
    audit_unit(
        "t",
        ".",
        &u,
        &AuditOptions::default(),
        FileDiags {
            all: &[],
            problems: &[],
        },
        &mut Worker::new(),
        terms,
    )
}

#[test]
fn units_give_signals_and_provenance() {
    let mut terms = Terms::default();
    let d = audit_text(
        "Say &lt;hello&gt; to the rÃ©sumÃ©s and infor-\nmation, our ﬁle\u{200B}xyz.\n",
        &mut terms,
    );
    assert_eq!(d.signals.entity_residue, 2);
    assert!(d.signals.mojibake_words >= 1);
    assert_eq!(d.signals.split_words, 1);
    let flag = |t: &str| {
        terms
            .get(t)
            .unwrap()
            .acc
            .flags()
            .keys()
            .copied()
            .collect::<Vec<_>>()
    };
    assert_eq!(flag("lt"), [Flag::EntityResidue]);
    assert_eq!(flag("gt"), [Flag::EntityResidue]);
    assert_eq!(flag("rã"), [Flag::Mojibake]);
    assert!(
        terms
            .get("rã")
            .unwrap()
            .acc
            .mixups()
            .keys()
            .any(|m| m.contains("windows-1252"))
    );
    assert_eq!(flag("infor"), [Flag::HyphenFragment]);
    assert_eq!(flag("ﬁle"), [Flag::LigatureFragment]);
    assert_eq!(flag("xyz"), [Flag::InvisibleSplit]);
    assert!(d.score > 0.0 && !d.reasons.is_empty());
}

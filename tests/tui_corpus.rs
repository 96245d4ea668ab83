//! The explorer's corpus view without a terminal: the audit of `tests/fixtures/audit` filling
//! the table, sorting, the occurrences of a term and the bytes they open (ratatui `TestBackend`
//! + insta). Apart from `tui.rs`, which holds the single-document screens.

use delineate::source::Input;
use delineate::tui::app::{App, Overlay};
use std::sync::Arc;

/// The corpus view over the audit fixtures: (the view's sources are files on disk).
fn corpus_screen(keys: &str, w: u16, h: u16) -> String {
    use delineate::corpus::Item;
    use delineate::tui::corpus::CorpusJob;
    let root = "tests/fixtures/audit";
    let (files, _) = delineate::corpus::walk::files(&[root.into()]);
    let job = CorpusJob {
        label: root.into(),
        items: files.iter().cloned().map(Item::Path).collect(),
        roots: vec![root.into()],
        opts: CorpusJob::options(),
    };
    let first = files[0].display().to_string();
    let input = Input::open(std::path::Path::new(&first)).unwrap();
    let frame = delineate::tui::headless_frame(
        vec![(first, Arc::new(input))],
        Some(job),
        w,
        h,
        keys,
        false,
    );
    delineate::tui::buffer_text(&frame)
}

#[test]
fn corpus_view_fills_sorts_and_opens_an_occurrence_at_its_bytes() {
    // Before the audit has run: the gauge and an empty table.
    let s = corpus_screen("", 120, 30);
    assert!(s.contains("auditing 0 / 6 files"), "{s}");
    // Documents, worst first, with the reasons; paths relative to the root.
    let s = corpus_screen("wait", 120, 30);
    assert!(s.contains("6 files · 6 units"), "{s}");
    let first_row = s.lines().find(|l| l.contains("    1 ")).unwrap();
    assert!(
        first_row.contains("wire/story3.txt · 9 mojibake words"),
        "{s}"
    );
    // `o` sorts by the next signal (U+FFFD), again by invalid UTF-8: latin1 comes first.
    let s = corpus_screen("wait o o", 120, 30);
    assert!(s.contains("sorted by invalid UTF-8"), "{s}");
    let first_row = s.lines().find(|l| l.contains("    1 ")).unwrap();
    assert!(first_row.contains("legacy/latin1.txt"), "{s}");
    // Sources side by side with a histogram of their documents' scores.
    let s = corpus_screen("wait Tab", 120, 30);
    for src in ["legacy", "scans", "wire"] {
        assert!(s.contains(&format!("│{src} ")), "{src}: {s}");
    }
    assert!(s.contains('█'), "{s}");
    // Terms: flagged ones marked; by df with `o`.
    let s = corpus_screen("wait Tab Tab", 120, 30);
    assert!(s.contains("sorted by tf"), "{s}");
    let lt = s.lines().find(|l| l.contains(" lt ")).unwrap();
    assert!(
        lt.contains('!') && lt.contains("entity-residue 3/3"),
        "{lt}"
    );
    let s = corpus_screen("wait Tab Tab o", 120, 30);
    assert!(s.contains("sorted by df"), "{s}");
}

#[test]
fn a_term_lists_its_occurrences_and_enter_opens_the_bytes() {
    // `lt` is the term ranked 7th by tf (ties by term): select it, list its occurrences.
    let keys = "wait Tab Tab Down Down Down Down Down Down Enter";
    let s = corpus_screen(keys, 120, 30);
    assert!(s.contains("Occurrences of “lt”"), "{s}");
    assert!(s.contains("entity-residue     byte 11"), "{s}");
    assert!(s.contains("wire/story1.txt"), "{s}");
    // Enter opens the file at the occurrence: the cursor on `l` at byte 11.
    let s = corpus_screen(&format!("{keys} Enter"), 120, 40);
    assert!(
        s.contains("tests/fixtures/audit/wire/story1.txt · byte 11"),
        "{s}"
    );
    assert!(s.contains("Hex · byte 11 (0xb)"), "{s}");
    assert!(s.contains("LATIN SMALL LETTER L"), "{s}");
    // Esc from the occurrences goes back to the terms, then closes the view; C reopens it.
    let s = corpus_screen(&format!("{keys} Esc"), 120, 30);
    assert!(s.contains("sorted by tf"), "{s}");
    let s = corpus_screen(&format!("{keys} Esc Esc"), 120, 30);
    assert!(!s.contains("Corpus ·"), "{s}");
    let s = corpus_screen(&format!("{keys} Esc Esc C"), 120, 30);
    assert!(s.contains("Corpus ·"), "{s}");
}

#[test]
fn the_mark_covers_the_occurrence_bytes() {
    use delineate::tui::action::Action;
    use delineate::tui::corpus::CorpusTable;
    let root = "tests/fixtures/audit";
    let (files, _) = delineate::corpus::walk::files(&[root.into()]);
    let first = files[0].display().to_string();
    let input = Input::open(std::path::Path::new(&first)).unwrap();
    let (mut a, _) = App::new(vec![(first, Arc::new(input))], (120, 40));
    let opts = delineate::tui::corpus::CorpusJob::options();
    let items: Vec<delineate::corpus::Item> = files
        .iter()
        .cloned()
        .map(delineate::corpus::Item::Path)
        .collect();
    let p = delineate::corpus::audit_in_batches(
        &items,
        &[root.into()],
        &opts,
        2,
        &std::sync::atomic::AtomicBool::new(false),
        |_, _| {},
    );
    a.corpus = Some(delineate::tui::corpus::CorpusView::new(
        root.into(),
        items.len(),
    ));
    a.overlay = Overlay::Corpus;
    a.update(Action::Job(delineate::tui::worker::JobMsg::Corpus {
        done: items.len(),
        audit: Box::new(delineate::corpus::report(&p, &opts)),
        finished: true,
    }));
    // The mojibake fragment `sumã`: 4 characters, 5 bytes in the file (ã is C3 A3 read… as Ã ©).
    let c = a.corpus.as_mut().unwrap();
    c.table = CorpusTable::Terms;
    let i = c.terms().iter().position(|t| t.term == "sumã").unwrap();
    c.sel[CorpusTable::Terms.index()] = i;
    a.update(Action::Activate);
    a.update(Action::Activate);
    let d = a.doc();
    assert!(d.name.ends_with("wire/story3.txt"), "{}", d.name);
    let mark = d.mark.expect("marked");
    let bytes = std::fs::read(&d.name).unwrap();
    assert_eq!(
        &bytes[mark.start as usize..mark.end as usize],
        "sumÃ".as_bytes()
    );
}

#[test]
fn snapshot_corpus_terms_120x30() {
    insta::assert_snapshot!(corpus_screen("wait Tab Tab", 120, 30));
}

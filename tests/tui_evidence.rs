//! The explorer's Evidence tab without a terminal: the decision, the likely verdict, the
//! segments, the evidence and the conflicts as one list whose every row can be selected, read
//! in full in the detail rows and followed to its bytes (ratatui `TestBackend` + insta). Apart
//! from `tui.rs`, which holds the other single-document screens.

use delineate::tui::action::{Action, Tab};
use delineate::tui::doc::{EvidenceRow, evidence_rows};

mod common;
use common::tui::{app, screen, sources};

#[test]
fn evidence_jumps_to_its_bytes() {
    let mut a = app(&["meta-lies.html"], 120, 40);
    a.update(Action::ShowTab(Tab::Evidence));
    let meta = a
        .doc()
        .report
        .evidence
        .iter()
        .position(|e| e.kind.name() == "html-meta")
        .unwrap();
    // The list opens on the decision and the likely verdict, then the evidence.
    let row = evidence_rows(a.doc())
        .iter()
        .position(|r| *r == EvidenceRow::Item(meta))
        .unwrap();
    a.update(Action::SelectDelta(row as i64));
    a.update(Action::Activate);
    assert_eq!(a.doc().cursor, 40);
}

#[test]
fn snapshot_lying_meta_evidence_80x24() {
    insta::assert_snapshot!(screen(&["meta-lies.html"], 80, 24, "e"));
}

/// Hungarian in windows-1250, decided windows-1252 by statistics: the header says what the
/// bytes are, the Evidence tab leads with the likely verdict, and its language item lists the
/// words with their bytes (issue 18).
#[test]
fn snapshot_likely_verdict_and_language_evidence_120x40() {
    let s = screen(
        &["encodings/hu-windows-1250.txt"],
        120,
        40,
        "e Down Down Down Down",
    );
    assert!(s.contains("words: különböző [0–9]"), "{s}");
    assert!(s.contains("likely windows-1250 1.00"), "{s}");
    assert!(s.contains("likely windows-1250"), "{s}");
    insta::assert_snapshot!(s);
}

/// A file in three encodings (UTF-8, a windows-1252 paragraph, UTF-8): the header counts the
/// segments, the hex pane marks the row where the windows-1252 segment begins (byte 445) and
/// its title names the segment under the cursor, the Evidence tab lists each segment with its
/// byte span (issue 18).
#[test]
fn snapshot_segments_in_header_hex_and_evidence_120x40() {
    let s = screen(
        &["encodings/mixed-utf8-windows-1252.txt"],
        120,
        40,
        ": 4 4 6 Enter e",
    );
    assert!(s.contains("mixed: 3 segments, UTF-8 +"), "{s}");
    assert!(s.contains("§2/3 windows-1252"), "{s}");
    assert!(s.contains("000001b8▸ 72 65 2e 20 0a 44 69 65"), "{s}");
    assert!(s.contains("§2 windows-1252 445–896"), "{s}");
    insta::assert_snapshot!(s);
}

/// The row drawn highlighted is the row whose text the detail shows, and the likely verdict's
/// detail is its whole sentence: a damaged ISO-8859-2 file's note on its C1 control, which the
/// list row cuts short, reads to its end (issue 18).
#[test]
fn the_selected_row_is_the_one_read_in_full() {
    let names = ["encodings/sk-iso-8859-2-one-dash.txt"];
    let frame =
        delineate::tui::headless_frame(sources(&names), None, 120, 32, "wait e Down", false);
    let s = delineate::tui::buffer_text(&frame);
    assert!(
        s.contains("text, where they are controls"),
        "the damage note reads to its end:\n{s}"
    );
    assert!(s.contains("Enter decodes as ISO-8859-2"), "{s}");
    // The highlighted row (the selection's background) is the likely verdict's.
    let highlighted: Vec<String> = (0..frame.area.height)
        .filter_map(|y| {
            let row: String = (0..frame.area.width / 2)
                .map(|x| frame[(x, y)].symbol().to_string())
                .collect();
            let bg = frame[(1, y)].bg;
            (bg == ratatui::style::Color::Blue).then_some(row)
        })
        .collect();
    assert_eq!(highlighted.len(), 1, "{highlighted:?}");
    assert!(
        highlighted[0].contains("│likely ISO-8859-2 (1.00)"),
        "{highlighted:?}"
    );
}

/// Enter on the likely verdict decodes the text as it says; on a segment it moves the cursor to
/// the segment's first byte; on the decision, to the bytes of the evidence that won.
#[test]
fn enter_follows_every_kind_of_evidence_row() {
    let mut a = app(&["encodings/sk-iso-8859-2-one-dash.txt"], 120, 32);
    a.update(Action::ShowTab(Tab::Evidence));
    a.update(Action::SelectDelta(1));
    a.update(Action::Activate);
    assert_eq!(a.doc().charset.to_string(), "ISO-8859-2");
    let mut a = app(&["encodings/mixed-utf8-windows-1252.txt"], 120, 40);
    a.update(Action::ShowTab(Tab::Evidence));
    let rows = evidence_rows(a.doc());
    let second = rows
        .iter()
        .position(|r| *r == EvidenceRow::Segment(1))
        .unwrap();
    a.update(Action::SelectDelta(second as i64));
    a.update(Action::Activate);
    assert_eq!(a.doc().cursor, 445, "{:?}", a.message);
    a.update(Action::SelectDelta(-(second as i64)));
    a.update(Action::Activate);
    let won = a
        .doc()
        .report
        .encoding
        .evidence_index
        .map(|i| a.doc().report.evidence[i].byte_span);
    match won {
        Some(Some(s)) => assert_eq!(a.doc().cursor, s.start),
        _ => assert!(a.message.as_ref().unwrap().contains("not at any bytes")),
    }
}

/// A click selects the row drawn under it, with the list scrolled and the detail rows taking
/// the panel's foot; a click on the detail rows selects nothing.
#[test]
fn a_click_selects_the_evidence_row_drawn_under_it() {
    let names = ["encodings/hu-windows-1250.txt"];
    // Drawn with the language evidence selected: where is the statistical row?
    let frame = delineate::tui::headless_frame(
        sources(&names),
        None,
        120,
        40,
        "wait e Down Down Down Down",
        false,
    );
    let drawn = |y: u16| -> String {
        (0..frame.area.width / 2)
            .map(|x| frame[(x, y)].symbol().to_string())
            .collect()
    };
    let y = (0..frame.area.height)
        .find(|&y| drawn(y).contains("✔ statistical"))
        .unwrap();
    let detail = (0..frame.area.height)
        .find(|&y| drawn(y).contains("language: words:"))
        .unwrap();
    let mut a = app(&names, 120, 40);
    a.update(Action::ShowTab(Tab::Evidence));
    a.update(Action::SelectDelta(4));
    let rows = evidence_rows(a.doc());
    let language = rows[a.selection(Tab::Evidence)];
    assert_eq!(
        a.doc().report.evidence[match language {
            EvidenceRow::Item(i) => i,
            other => panic!("{other:?}"),
        }]
        .kind
        .name(),
        "language"
    );
    a.update(Action::Click { x: 3, y: detail });
    assert_eq!(
        rows[a.selection(Tab::Evidence)],
        language,
        "a click on the detail"
    );
    a.update(Action::Click { x: 3, y });
    let EvidenceRow::Item(i) = rows[a.selection(Tab::Evidence)] else {
        panic!("the row drawn at y {y} is an evidence row")
    };
    assert_eq!(a.doc().report.evidence[i].kind.name(), "statistical");
}

/// Chinese in HZ (RFC 1843) is all ASCII: the header says what the bytes are, the Evidence
/// tab lists the 7-bit escapes with what they hold and the conflict with the decision, and
/// Enter on the likely verdict reads the text in HZ, each character beside its two bytes.
#[test]
fn snapshot_hz_escapes_in_header_and_evidence_120x40() {
    let s = screen(&["encodings/zh-hz-notice.txt"], 120, 40, "e Down Enter");
    assert!(s.contains("likely HZ-GB-2312 0.99"), "{s}");
    assert!(s.contains("Text · HZ-GB-2312"), "{s}");
    assert!(s.contains("图书馆通知"), "{s}");
    assert!(s.contains("7-bit-escapes"), "{s}");
    assert!(s.contains("7-bit shifts"), "{s}");
    insta::assert_snapshot!(s);
}

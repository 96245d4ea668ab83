//! The explorer without a terminal: state tests of `update(Action)`, snapshots of the main
//! screens at 80×24 and 120×40 after scripted keys (ratatui `TestBackend` + insta), and the
//! terminal-safety check that no byte of a document reaches the screen as a control.

use delineate::decode::Charset;
use delineate::source::Input;
use delineate::tui::action::Tab;
use delineate::tui::action::{Action, Motion, PromptKind};
use delineate::tui::app::{App, Focus, Overlay};
use delineate::tui::{Sources, headless};
use std::sync::Arc;

mod common;
use common::tui::{app, fixture, screen, sources};

// ---- state ------------------------------------------------------------------------------------

#[test]
fn cursor_moves_by_character_in_text_and_by_byte_in_hex() {
    let mut a = app(&["resume-utf8.txt"], 80, 24);
    assert_eq!(a.focus, Focus::Text);
    a.update(Action::Move(Motion::Right));
    assert_eq!(a.doc().cursor, 1);
    assert_eq!(a.doc().inspected.as_ref().unwrap().ch, 'é');
    a.update(Action::Move(Motion::Right));
    assert_eq!(
        a.doc().cursor,
        3,
        "é is two bytes: the next character starts at 3"
    );
    a.update(Action::FocusPrev); // text → hex
    assert_eq!(a.focus, Focus::Hex);
    a.update(Action::Move(Motion::Left));
    assert_eq!(
        a.doc().cursor,
        2,
        "in the hex pane the cursor moves by byte"
    );
    // The inspector follows: byte 2 belongs to é.
    let i = a.doc().inspected.as_ref().unwrap();
    assert_eq!(i.ch, 'é');
    assert_eq!(i.span.start, 1);
    a.update(Action::Move(Motion::Bottom));
    assert_eq!(a.doc().cursor, 8);
    a.update(Action::Move(Motion::Top));
    assert_eq!(a.doc().cursor, 0);
}

#[test]
fn choosing_a_candidate_re_decodes() {
    let mut a = app(&["resume-utf8.txt"], 80, 24);
    a.update(Action::SetCharset(Charset::WINDOWS_1252));
    assert_eq!(a.doc().charset, Charset::WINDOWS_1252);
    assert!(a.doc().window.decoded.text.starts_with("rÃ©sumÃ©"));
    a.update(Action::Goto(1));
    assert_eq!(a.doc().inspected.as_ref().unwrap().ch, 'Ã');
    // Through the candidates list: select UTF-8 and press Enter.
    a.update(Action::ShowTab(Tab::Candidates));
    let utf8 = a
        .doc()
        .report
        .candidates
        .iter()
        .position(|c| c.encoding == Charset::UTF_8)
        .unwrap();
    a.update(Action::SelectDelta(utf8 as i64));
    a.update(Action::Activate);
    assert_eq!(a.doc().charset, Charset::UTF_8);
}

/// Issue 21: the explorer's extraction decodes the file in the encoding the user picked (it
/// used the decided one whatever was picked), and a result from before the pick is dropped.
#[test]
fn the_extraction_follows_the_chosen_encoding() {
    use delineate::tui::doc::ExtractState;
    use delineate::tui::worker;
    let run = |s: &worker::Scan| {
        let (tx, _rx) = std::sync::mpsc::channel();
        worker::run(s, &std::sync::atomic::AtomicBool::new(false), &tx)
    };
    let text = |a: &App| match &a.doc().extraction {
        ExtractState::Done(x) => Some(x.units[0].text.clone()),
        _ => None,
    };
    let (mut a, opening) = App::new(sources(&["meta-lies.html"]), (120, 30));
    // The extraction started on opening (a small file), under the decided windows-1252.
    let first = opening
        .into_iter()
        .find(|s| s.kind == worker::JobKind::Extract)
        .expect("a small file is extracted on opening");
    assert_eq!(first.user_charset, None);
    // The user picks UTF-8: a new extraction starts, in UTF-8.
    let scans = a.update(Action::SetCharset(Charset::UTF_8));
    let second = scans
        .iter()
        .find(|s| s.kind == worker::JobKind::Extract)
        .expect("the pick starts a new extraction");
    assert_eq!(second.user_charset, Some(Charset::UTF_8));
    // The first job's result arrives late: it is stale and dropped.
    a.update(Action::Job(run(&first)));
    assert!(matches!(a.doc().extraction, ExtractState::Running));
    a.update(Action::Job(run(second)));
    let t = text(&a).expect("extracted");
    assert!(t.contains("résumé"), "{t}");
    // Back to the decided encoding: the mojibake comes back, and the job asks for no override.
    let scans = a.update(Action::SetCharset(Charset::WINDOWS_1252));
    let third = scans
        .iter()
        .find(|s| s.kind == worker::JobKind::Extract)
        .unwrap();
    assert_eq!(third.user_charset, None);
    a.update(Action::Job(run(third)));
    assert!(text(&a).unwrap().contains("rÃ©sumÃ©"));
}

#[test]
fn anomalies_next_and_previous() {
    let mut a = app(&["controls.txt"], 80, 24);
    a.update(Action::NextAnomaly);
    assert_eq!(a.doc().cursor, 5, "ESC of the OSC title sequence");
    assert!(a.message.as_ref().unwrap().contains("U+001B"));
    a.update(Action::NextAnomaly);
    a.update(Action::NextAnomaly);
    let third = a.doc().cursor;
    a.update(Action::PrevAnomaly);
    assert!(a.doc().cursor < third);
    let counts = a.doc().counts.as_ref().unwrap();
    assert!(counts.total() >= 6, "{counts:?}");
}

#[test]
fn goto_and_search_prompts() {
    let mut a = app(&["meta-lies.html"], 80, 24);
    a.update(Action::OpenPrompt(PromptKind::Goto));
    for c in "0x70".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    assert_eq!(a.doc().cursor, 0x70);
    assert_eq!(a.overlay, Overlay::None);
    // Text search in the current encoding (windows-1252: the page's <meta> wins).
    a.update(Action::OpenPrompt(PromptKind::Search));
    for c in "Noël".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    assert!(
        a.message.as_ref().unwrap().contains("not found"),
        "{:?}",
        a.message
    );
    // As bytes: the UTF-8 of ë.
    a.update(Action::OpenPrompt(PromptKind::Search));
    for c in "0x c3 ab".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    let hit = a.doc().cursor;
    assert_eq!(
        &fixture("meta-lies.html")[hit as usize..hit as usize + 2],
        b"\xC3\xAB"
    );
}

#[test]
fn side_by_side_and_marks() {
    let mut a = app(&["resume-utf8.txt"], 120, 40);
    a.update(Action::ToggleCompare);
    assert!(a.compare);
    assert_eq!(a.doc().compare_with.len(), 2);
    assert_eq!(a.doc().compare_windows.len(), 1);
    a.update(Action::ShowTab(Tab::Candidates));
    // Mark every other candidate: at most 4 encodings side by side.
    for i in 0..a.doc().report.candidates.len() {
        a.update(Action::SelectDelta(-100));
        a.update(Action::SelectDelta(i as i64));
        a.update(Action::ToggleMark);
    }
    assert!(a.doc().compare_with.len() <= 4);
}

#[test]
fn help_overlay_and_quit() {
    let mut a = app(&["ascii.txt"], 80, 24);
    a.update(Action::ToggleHelp);
    assert_eq!(a.overlay, Overlay::Help(0));
    a.update(Action::Escape);
    assert_eq!(a.overlay, Overlay::None);
    assert!(!a.quit);
    a.update(Action::Quit);
    assert!(a.quit);
}

#[test]
fn clicks_select_bytes_and_characters() {
    let mut a = app(&["resume-utf8.txt"], 80, 24);
    let p = a.panes();
    // Hex pane: row 0, byte 2 ("a9"): column = border + offset(8) + 2 spaces + 2*3.
    a.update(Action::Click {
        x: p.hex.x + 1 + 10 + 6,
        y: p.hex.y + 1,
    });
    assert_eq!(a.focus, Focus::Hex);
    assert_eq!(a.doc().cursor, 2);
    // Text pane: the third character ('s' at byte 3).
    a.update(Action::Click {
        x: p.text.x + 1 + 2,
        y: p.text.y + 1,
    });
    assert_eq!(a.focus, Focus::Text);
    assert_eq!(a.doc().cursor, 3);
}

#[test]
fn resize_keeps_the_cursor_visible() {
    let mut a = app(&["mixed-mojibake.txt"], 120, 40);
    a.update(Action::Move(Motion::Bottom));
    a.update(Action::Resize(80, 24));
    let out = headless(sources(&["mixed-mojibake.txt"]), 30, 10, "G", false);
    assert!(out.lines().count() == 10);
}

// ---- snapshots ----------------------------------------------------------------------------------

#[test]
fn snapshot_resume_cursor_on_e_acute_80x24() {
    insta::assert_snapshot!(screen(&["resume-utf8.txt"], 80, 24, "Right"));
}

#[test]
fn snapshot_resume_cursor_on_e_acute_120x40() {
    insta::assert_snapshot!(screen(&["resume-utf8.txt"], 120, 40, "Right"));
}

#[test]
fn snapshot_lying_meta_side_by_side_120x40() {
    insta::assert_snapshot!(screen(&["meta-lies.html"], 120, 40, "s"));
}

/// Where the cursor's segment reads in another encoding than the text pane's (three `30º` in
/// windows-1252 before x-mac-cyrillic, decided windows-1251 as a whole), the hex title says
/// which decoding its gutter draws (`30є` is windows-1251's reading of `30º`).
#[test]
fn hex_title_names_the_gutters_decoding_inside_another_segment() {
    let s = screen(
        &["encodings/mixed-1252-ordinals-x-mac-cyrillic.txt"],
        160,
        30,
        "",
    );
    assert!(
        s.contains("mixed: 2 segments, windows-1252 + x-mac-cyrillic (e)"),
        "{s}"
    );
    assert!(
        s.contains("§1/2 windows-1252, shown as windows-1251"),
        "{s}"
    );
}

#[test]
fn snapshot_invalid_byte_inspector_80x24() {
    insta::assert_snapshot!(screen(
        &["resume-latin1.txt"],
        80,
        24,
        "c Down Down Enter Tab Tab Right"
    ));
}

#[test]
fn snapshot_anomalies_120x40() {
    insta::assert_snapshot!(screen(&["controls.txt"], 120, 40, "a n n"));
}

/// A mojibake word under the cursor: the inspector shows the engine's plan for its line (the
/// mix-up, the plausibility before and after, the runner-up) and what the word becomes.
#[test]
fn snapshot_mojibake_plan_in_inspector_120x40() {
    insta::assert_snapshot!(screen(&["resume-double-mojibake.txt"], 120, 40, "a n"));
}

/// The row of anomaly classes keeps every class in a narrow panel: by glyph and count when the
/// names do not fit (a man page's layout classes had pushed its `mojibake-word 2` off the edge
/// of a 78-column panel), by name where they do.
#[test]
fn the_class_row_keeps_every_class_in_a_narrow_panel() {
    let mut bytes = Vec::new();
    for f in [
        "tab-columns.txt",
        "hard-line-break.txt",
        "layout-spaces.txt",
        "soft-hyphen.txt",
        "mojibake-word.txt",
    ] {
        bytes.extend(fixture(&format!("anomalies/{f}")));
        bytes.push(b'\n');
    }
    let row = |w: u16| {
        let name = "many-classes.txt".to_string();
        let sources: Sources = vec![(
            name.clone(),
            Arc::new(Input::from_bytes(name, bytes.clone())),
        )];
        let s = headless(sources, w, 30, "wait a", false);
        let lines: Vec<&str> = s.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.contains("whole document in"))
            .unwrap_or_else(|| panic!("no class row:\n{s}"));
        lines[at + 1].to_string()
    };
    let narrow = row(80);
    assert!(narrow.contains("Ã "), "{narrow}");
    assert!(!narrow.contains("mojibake-word"), "{narrow}");
    let wide = row(240);
    assert!(wide.contains("Ã mojibake-word "), "{wide}");
    assert!(wide.contains("tab-columns "), "{wide}");
}

#[test]
fn snapshot_utf32_and_utf16_120x40() {
    insta::assert_snapshot!(screen(
        &["utf32be-bom.txt", "utf16le-nobom.txt"],
        120,
        40,
        "Right Right Right Right Right"
    ));
}

#[test]
fn snapshot_help_80x24() {
    insta::assert_snapshot!(screen(&["ascii.txt"], 80, 24, "?"));
}

// ---- terminal safety --------------------------------------------------------------------------

fn assert_no_controls(screen: &str, what: &str) {
    for (n, line) in screen.lines().enumerate() {
        for c in line.chars() {
            let u = c as u32;
            assert!(
                !(u < 0x20
                    || (0x7F..=0x9F).contains(&u)
                    || (0x202A..=0x202E).contains(&u)
                    || (0x2066..=0x2069).contains(&u)),
                "{what}: U+{u:04X} on screen line {n}: {line}"
            );
        }
    }
}

#[test]
fn no_document_control_reaches_the_screen() {
    let keysets = [
        "",
        "s",
        "e",
        "c",
        "a",
        "?",
        "n",
        "n n n n",
        "Tab Tab Right Right Right Right Right",
        "type:/ type:x Enter",
    ];
    for keys in keysets {
        for (w, h) in [(80, 24), (120, 40)] {
            let s = screen(&["controls.txt"], w, h, keys);
            assert_no_controls(&s, &format!("keys {keys:?} at {w}x{h}"));
            if keys != "?" {
                assert!(
                    s.contains('␛'),
                    "the ESC shows as a placeholder ({keys:?}):\n{s}"
                );
            }
        }
    }
    // The raw text pane also shows the RLO and C1 as placeholders.
    let s = screen(&["controls.txt"], 120, 40, "");
    assert!(s.contains('⇄') && s.contains('◆') && s.contains('␀'), "{s}");
}

#[test]
fn no_color_keeps_classes_distinguishable() {
    use delineate::decode::window::ByteClass;
    use delineate::tui::theme::Theme;
    let plain = Theme { color: false };
    let classes = [
        ByteClass::AsciiPrintable,
        ByteClass::AsciiControl,
        ByteClass::Lead2,
        ByteClass::Lead3,
        ByteClass::Lead4,
        ByteClass::Continuation,
        ByteClass::HighSingle,
        ByteClass::Invalid,
        ByteClass::Bom,
    ];
    for (i, a) in classes.iter().enumerate() {
        let sa = plain.byte(*a);
        assert!(
            sa.fg.is_none() && sa.bg.is_none(),
            "{a:?} uses colour under NO_COLOR"
        );
        for b in &classes[i + 1..] {
            assert_ne!(
                sa,
                plain.byte(*b),
                "{a:?} and {b:?} look the same without colour"
            );
        }
    }
}

#[test]
fn large_inputs_open_on_a_window() {
    // 12 MB of one long line: opened from a sample, decoded only around the cursor.
    let line = "0123456789abcdefé".repeat(700_000);
    let input = Arc::new(Input::from_bytes("long", line.into_bytes()));
    let (mut a, scans) = App::new(vec![("long".into(), input)], (80, 24));
    assert_eq!(scans.len(), 1, "the whole-file scan goes to the background");
    assert!(a.doc().scanning.is_some());
    assert!(a.doc().window.bytes.len() < 200_000);
    a.update(Action::Move(Motion::Bottom));
    assert!(a.doc().window.at_end);
    a.update(Action::Move(Motion::PageUp));
    a.update(Action::Move(Motion::Top));
    assert_eq!(a.doc().cursor, 0);
    // A binary: every byte still gets a safe cell.
    let png: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
    let out = headless(
        vec![("bin".into(), Arc::new(Input::from_bytes("bin", png)))],
        120,
        40,
        "PageDown PageDown",
        false,
    );
    assert_no_controls(&out, "binary");
}

// ---- normalisation in the explorer ------------------------------------------------------------

#[test]
fn normalised_view_steps_and_query() {
    use delineate::tui::doc::TextView;
    let mut a = app(&["anomalies/line-end-hyphen.txt"], 100, 30);
    a.update(Action::ToggleNormalized);
    assert!(matches!(a.doc().view, TextView::AfterStep(_)));
    let n = a.doc().norm.as_ref().unwrap();
    assert_eq!(n.pipeline.output, "bytes into information for the index.\n");
    // p steps through the pipeline one step at a time, then back to the decoded text.
    a.update(Action::ToggleNormalized);
    assert_eq!(a.doc().view, TextView::Raw);
    for k in 0..4 {
        a.update(Action::NextStep);
        assert_eq!(a.doc().view, TextView::AfterStep(k));
    }
    assert!(
        a.message.as_ref().unwrap().contains("step 5 whitespace"),
        "{:?}",
        a.message
    );
    a.update(Action::NextStep);
    assert_eq!(a.doc().view, TextView::Raw);
    // The query: no match in the decoded text, one after normalisation.
    a.update(Action::OpenPrompt(PromptKind::Query));
    for c in "information".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    let q = a.doc().query.as_ref().unwrap();
    assert_eq!((q.raw_hits.len(), q.norm_hits.len()), (0, 1));
    assert!(
        a.message
            .as_ref()
            .unwrap()
            .contains("0 matches in the decoded text, 1 after normalisation")
    );
}

#[test]
fn per_class_toggle_changes_what_normalising_removes() {
    use delineate::anomaly::AnomalyClass;
    let mut a = app(&["anomalies/zero-width.txt"], 100, 30);
    a.update(Action::ShowTab(Tab::Anomalies));
    assert!(a.doc().norm_opts.remove.contains(&AnomalyClass::ZeroWidth));
    a.update(Action::ToggleMark);
    assert!(!a.doc().norm_opts.remove.contains(&AnomalyClass::ZeroWidth));
    a.update(Action::ToggleNormalized);
    assert!(
        a.doc()
            .norm
            .as_ref()
            .unwrap()
            .pipeline
            .output
            .contains('\u{200b}')
    );
    a.update(Action::ToggleMark);
    assert!(
        !a.doc()
            .norm
            .as_ref()
            .unwrap()
            .pipeline
            .output
            .contains('\u{200b}')
    );
}

#[test]
fn snapshot_normalised_view_120x40() {
    insta::assert_snapshot!(screen(
        &["anomalies/mixed-forms.txt", "anomalies/line-end-hyphen.txt"],
        120,
        40,
        "Enter r"
    ));
}

// ---- formats and units ----------------------------------------------------------------------

/// Sources opened from their paths (so the extension is known, as for a user).
fn opened(names: &[&str]) -> Sources {
    names
        .iter()
        .map(|n| {
            // Relative to the package root (cargo runs tests there): unit ids hash the path, so an
            // absolute path would make snapshots depend on where the checkout lives.
            let path = format!("tests/fixtures/{n}");
            let input = Input::open(std::path::Path::new(&path)).unwrap();
            (format!("tests/fixtures/{n}"), Arc::new(input))
        })
        .collect()
}

#[test]
fn units_tab_lists_units_and_diagnostics_and_x_shows_extracted_text() {
    let (mut a, jobs) = App::new(opened(&["formats/archive.mbox"]), (120, 40));
    assert!(
        jobs.iter()
            .any(|j| j.kind == delineate::tui::worker::JobKind::Extract),
        "a small document is extracted in the background"
    );
    // Run the extraction the way the worker does.
    for j in jobs {
        let (tx, _rx) = std::sync::mpsc::channel();
        let msg = delineate::tui::worker::run(&j, &std::sync::atomic::AtomicBool::new(false), &tx);
        a.update(Action::Job(msg));
    }
    a.update(Action::ShowTab(Tab::Units));
    assert_eq!(a.focus, Focus::Panel);
    let x = a.doc().extracted().expect("extracted");
    assert_eq!(x.units.len(), 3);
    // Rows: each message, then its diagnostics; Enter on the second message shows its text.
    let rows = delineate::tui::doc::unit_rows(x);
    let second = rows
        .iter()
        .position(|r| *r == delineate::tui::doc::UnitRow::Unit(1))
        .unwrap();
    a.update(Action::SelectDelta(second as i64));
    a.update(Action::Activate);
    assert_eq!(a.doc().view, delineate::tui::doc::TextView::Extracted(1));
    a.update(Action::ToggleExtracted);
    assert_eq!(
        a.doc().view,
        delineate::tui::doc::TextView::Raw,
        "x goes back to the source"
    );
    a.update(Action::ToggleExtracted);
    assert_eq!(a.doc().view, delineate::tui::doc::TextView::Extracted(1));
}

#[test]
fn extracted_view_and_diagnostic_jump_on_screen() {
    let s = headless(opened(&["formats/twocol.pdf"]), 120, 40, "u wait", false);
    assert!(s.contains("pdf extractor"), "{s}");
    assert!(s.contains("page 1") || s.contains("file"), "{s}");
    assert!(s.contains("hyphen-joined"), "{s}");
    // Enter on the unit row shows the extracted text in the text pane.
    let s = headless(
        opened(&["formats/twocol.pdf"]),
        120,
        40,
        "u wait Down Down Enter",
        false,
    );
    assert!(s.contains("Extracted · unit 1/1"), "{s}");
    assert!(s.contains("internationalization"), "{s}");
    assert_no_controls(&s, "extracted pdf");
}

#[test]
fn a_lying_extension_shows_in_the_title_and_units_tab() {
    let s = headless(opened(&["formats/fake.doc"]), 120, 40, "u wait", false);
    assert!(s.contains("name ≠ bytes"), "{s}");
    assert!(s.contains("MISMATCH: named .doc"), "{s}");
    assert!(s.contains("format-mismatch"), "{s}");
    assert!(s.contains("WordPerfect"), "{s}");
}

#[test]
fn snapshot_units_of_a_message_120x40() {
    insta::assert_snapshot!(headless(
        opened(&["formats/message.eml"]),
        120,
        40,
        "u wait",
        false
    ));
}

#[test]
fn snapshot_extracted_docx_120x40() {
    insta::assert_snapshot!(headless(
        opened(&["formats/report.docx"]),
        120,
        40,
        "u wait x",
        false
    ));
}

// ---- language -------------------------------------------------------------------------------

#[test]
fn language_tab_lists_passages_and_jumps_to_them() {
    let s = headless(opened(&["langid/mixed.txt"]), 120, 40, "L wait", false);
    // English 58 %, German 42 %: the document is in several languages.
    assert!(s.contains("document: mul multiple languages"), "{s}");
    assert!(s.contains("passages: en"), "{s}");
    assert!(s.contains(" de "), "{s}");
    // The second passage is German; Enter shows it in the extracted text.
    let s = headless(
        opened(&["langid/mixed.txt"]),
        120,
        40,
        "L wait Down Enter",
        false,
    );
    assert!(s.contains("Extracted · unit 1/1"), "{s}");
    assert!(s.contains("Der Ausschuss"), "{s}");
    assert!(s.contains("candidates (log-likelihood per feature"), "{s}");
}

#[test]
fn snapshot_language_tab_120x40() {
    insta::assert_snapshot!(headless(
        opened(&["langid/declared-fr.html"]),
        120,
        40,
        "L wait",
        false
    ));
}

/// Issue 21: the explorer's "whole document: N anomalies" is the total `delineate anomalies`
/// reports for the same file — every detector (mojibake words, bidi balance, entities, split
/// words), not the character-level ones alone.
#[test]
fn explorer_anomaly_total_equals_the_cli_total() {
    for name in [
        "controls.txt",
        "resume-double-mojibake.txt",
        "cp1252.txt",
        "ascii.txt",
    ] {
        let screen = screen(&[name], 120, 40, "a");
        let shown: u64 = screen
            .split("whole document in ")
            .nth(1)
            .and_then(|s| s.split(": ").nth(1))
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name}: no total on screen:\n{screen}"));
        let out = assert_cmd::Command::cargo_bin("delineate")
            .unwrap()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["anomalies", &format!("tests/fixtures/{name}")])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let cli: u64 = text
            .lines()
            .find_map(|l| l.strip_prefix("anomalies: "))
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert_eq!(shown, cli, "{name}: explorer {shown}, CLI {cli}\n{text}");
    }
}

/// Issue 21: opening a document asks the library only for the instant answer from its sample
/// on the UI thread; the whole-file report and the anomaly count are a background job (with a
/// generation), for a small file as for a large one, and picking an encoding counts again in
/// the background too.
#[test]
fn opening_and_picking_an_encoding_post_the_whole_file_work() {
    use delineate::encoding::Scope;
    use delineate::tui::worker::JobKind;
    let (mut a, jobs) = App::new(sources(&["resume-utf8.txt"]), (120, 40));
    assert_eq!(a.doc().report.scope, Scope::Sample);
    assert!(a.doc().counts.is_none() && a.doc().scanning.is_some());
    let analyse: Vec<_> = jobs.iter().filter(|j| j.kind == JobKind::Analyse).collect();
    assert_eq!(analyse.len(), 1);
    assert!(analyse[0].report);
    for j in jobs {
        let (tx, _rx) = std::sync::mpsc::channel();
        let msg = delineate::tui::worker::run(&j, &std::sync::atomic::AtomicBool::new(false), &tx);
        a.update(Action::Job(msg));
    }
    assert_eq!(a.doc().report.scope, Scope::Whole);
    assert!(a.doc().counts.is_some() && a.doc().scanning.is_none());
    // Another encoding: the count goes to the background again, under a new generation.
    let before = a.doc().generation;
    let jobs = a.update(Action::SetCharset(
        Charset::for_label("windows-1252").unwrap().charset,
    ));
    assert!(a.doc().counts.is_none());
    assert!(a.doc().generation > before);
    assert!(jobs.iter().any(|j| j.kind == JobKind::Analyse && !j.report));
}

/// A group answer in the Language tab: each member with its probability (issue 20).
#[test]
fn language_tab_shows_a_group_answers_members() {
    let screen = headless(opened(&["langid/hr-or-bs.txt"]), 120, 40, "L wait", false);
    assert!(screen.contains("hr|bs"), "{screen}");
    assert!(
        screen.contains("members: hr 0.") || screen.contains("members: bs 0."),
        "{screen}"
    );
    // What tells them apart, each way, and how much (a word judged by its letters shows its
    // strongest sequence): here about as much each way.
    assert!(
        screen.contains("1.6 nats for bs: varijacija (ijac)"),
        "{screen}"
    );
    assert!(screen.contains("1.5 nats for hr: pisma (pis)"), "{screen}");
}

/// Close relatives with word frequencies (session 44): the Language tab shows how often general
/// text writes the words beside what the parallel translations say, and the reason names both.
#[test]
fn language_tab_shows_word_frequencies_of_close_relatives() {
    // Tall enough for the reason, both kinds of evidence and the candidates.
    let screen = headless(opened(&["langid/ms-tak.txt"]), 120, 70, "L wait", false);
    assert!(screen.contains("nats for id: tak"), "{screen}");
    assert!(
        screen.contains("nats for ms by frequency in general text: tak, berlaku"),
        "{screen}"
    );
    assert!(screen.contains("how often general"), "{screen}");
}

/// A close relative the model lacks (issue 20): the Language tab says the document is `und`
/// and why — its letters read as Icelandic, its words are not Icelandic — and its passages
/// follow the document rather than showing Icelandic at 1.00.
#[test]
fn language_tab_says_why_a_close_relative_is_undetermined() {
    let screen = headless(
        opened(&["langid/fo-udhr-excerpt.txt"]),
        120,
        40,
        "L wait",
        false,
    );
    assert!(screen.contains("document: und undetermined"), "{screen}");
    assert!(screen.contains("passages: und 100 %"), "{screen}");
    assert!(
        screen.contains("no language of the model fits its words"),
        "{screen}"
    );
    assert!(
        screen.contains("distinct words are Icelandic words"),
        "{screen}"
    );
    assert!(screen.contains("words are not Icelandic words"), "{screen}");
    assert!(!screen.contains(" is     1.00"), "{screen}");
}

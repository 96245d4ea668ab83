//! Keys and mouse events → [`Action`]s, and the help's list of keys: the one place input is
//! read (the explorer's state changes only through the actions).

use super::action::{Action, Motion, PromptKind, Tab};
use super::app::{App, Focus, Overlay};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

/// Maps a terminal event to an action, given what is on screen.
pub fn map_event(app: &App, ev: &Event) -> Option<Action> {
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => map_key(app, k),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Action::Click {
                x: m.column,
                y: m.row,
            }),
            MouseEventKind::ScrollDown => Some(Action::Wheel {
                x: m.column,
                y: m.row,
                down: true,
            }),
            MouseEventKind::ScrollUp => Some(Action::Wheel {
                x: m.column,
                y: m.row,
                down: false,
            }),
            _ => None,
        },
        Event::Resize(w, h) => Some(Action::Resize(*w, *h)),
        _ => None,
    }
}

/// Maps a key, given the open overlay.
pub fn map_key(app: &App, k: &KeyEvent) -> Option<Action> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(k.code, KeyCode::Char('c') | KeyCode::Char('q')) {
        return Some(Action::Quit);
    }
    match &app.overlay {
        Overlay::Prompt { .. } => {
            return match k.code {
                KeyCode::Enter => Some(Action::PromptSubmit),
                KeyCode::Esc => Some(Action::Escape),
                KeyCode::Backspace => Some(Action::PromptBackspace),
                KeyCode::Char(c) => Some(Action::PromptChar(c)),
                _ => None,
            };
        }
        Overlay::Help(_) => {
            return match k.code {
                KeyCode::Char('q') => Some(Action::Quit),
                KeyCode::Down | KeyCode::Char('j') => Some(Action::SelectDelta(1)),
                KeyCode::Up | KeyCode::Char('k') => Some(Action::SelectDelta(-1)),
                KeyCode::PageDown | KeyCode::Char(' ') => Some(Action::SelectDelta(10)),
                KeyCode::PageUp => Some(Action::SelectDelta(-10)),
                _ => Some(Action::Escape),
            };
        }
        Overlay::Corpus => {
            return match k.code {
                KeyCode::Char('q') => Some(Action::Quit),
                KeyCode::Esc => Some(Action::Escape),
                KeyCode::Char('C') => Some(Action::ShowCorpus),
                KeyCode::Char('?') | KeyCode::F(1) => Some(Action::ToggleHelp),
                KeyCode::Down | KeyCode::Char('j') => Some(Action::SelectDelta(1)),
                KeyCode::Up | KeyCode::Char('k') => Some(Action::SelectDelta(-1)),
                KeyCode::PageDown | KeyCode::Char(' ') => Some(Action::SelectDelta(20)),
                KeyCode::PageUp => Some(Action::SelectDelta(-20)),
                KeyCode::Home | KeyCode::Char('g') => Some(Action::SelectDelta(i64::MIN / 2)),
                KeyCode::End | KeyCode::Char('G') => Some(Action::SelectDelta(i64::MAX / 2)),
                KeyCode::Tab | KeyCode::Right => Some(Action::CorpusNextTable(false)),
                KeyCode::BackTab | KeyCode::Left => Some(Action::CorpusNextTable(true)),
                KeyCode::Char('o') => Some(Action::CorpusSort),
                KeyCode::Enter => Some(Action::Activate),
                _ => None,
            };
        }
        Overlay::None => {}
    }
    let in_panel = app.focus == Focus::Panel;
    Some(match k.code {
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Esc => Action::Escape,
        KeyCode::Char('?') | KeyCode::F(1) => Action::ToggleHelp,
        KeyCode::Tab => Action::FocusNext,
        KeyCode::BackTab => Action::FocusPrev,
        KeyCode::Up | KeyCode::Char('k') if in_panel => Action::SelectDelta(-1),
        KeyCode::Down | KeyCode::Char('j') if in_panel => Action::SelectDelta(1),
        KeyCode::PageUp if in_panel => Action::SelectDelta(-10),
        KeyCode::PageDown if in_panel => Action::SelectDelta(10),
        KeyCode::Enter if in_panel => Action::Activate,
        KeyCode::Char(' ') if in_panel => Action::ToggleMark,
        KeyCode::Left | KeyCode::Char('h') => Action::Move(Motion::Left),
        KeyCode::Right | KeyCode::Char('l') => Action::Move(Motion::Right),
        KeyCode::Up | KeyCode::Char('k') => Action::Move(Motion::Up),
        KeyCode::Down | KeyCode::Char('j') => Action::Move(Motion::Down),
        KeyCode::PageUp => Action::Move(Motion::PageUp),
        KeyCode::PageDown | KeyCode::Char(' ') => Action::Move(Motion::PageDown),
        KeyCode::Home | KeyCode::Char('0') => Action::Move(Motion::Home),
        KeyCode::End | KeyCode::Char('$') => Action::Move(Motion::End),
        KeyCode::Char('g') => Action::Move(Motion::Top),
        KeyCode::Char('G') => Action::Move(Motion::Bottom),
        KeyCode::Char('n') => Action::NextAnomaly,
        KeyCode::Char('N') => Action::PrevAnomaly,
        KeyCode::Char(':') => Action::OpenPrompt(PromptKind::Goto),
        KeyCode::Char('/') => Action::OpenPrompt(PromptKind::Search),
        KeyCode::Char('s') => Action::ToggleCompare,
        KeyCode::Char('r') => Action::ToggleNormalized,
        KeyCode::Char('p') => Action::NextStep,
        KeyCode::Char('m') => Action::OpenPrompt(PromptKind::Query),
        KeyCode::Char('i') => Action::ShowTab(Tab::Inspector),
        KeyCode::Char('c') => Action::ShowTab(Tab::Candidates),
        KeyCode::Char('e') => Action::ShowTab(Tab::Evidence),
        KeyCode::Char('a') => Action::ShowTab(Tab::Anomalies),
        KeyCode::Char('f') => Action::ShowTab(Tab::Files),
        KeyCode::Char('u') => Action::ShowTab(Tab::Units),
        KeyCode::Char('L') => Action::ShowTab(Tab::Language),
        KeyCode::Char('x') => Action::ToggleExtracted,
        KeyCode::Char('C') => Action::ShowCorpus,
        KeyCode::Enter => Action::Activate,
        _ => return None,
    })
}

/// Every key, for the help overlay: (keys, what they do).
pub const KEYS: &[(&str, &str)] = &[
    (
        "← → ↑ ↓  h l k j",
        "move a byte (hex) or a character / row (text)",
    ),
    ("PgUp PgDn  Space", "a page up / down"),
    ("Home End  0 $", "start / end of the row"),
    ("g  G", "start / end of the document"),
    ("Tab  Shift-Tab", "focus: hex → text → panel"),
    (":", "go to byte: 123, 0x7b, +10, -10, 50%"),
    ("/", "search text, or bytes as 0x c3 a9; empty = again"),
    ("n  N", "next / previous anomaly"),
    ("i c e a", "inspector, candidates, evidence, anomalies"),
    ("u f", "document units (extracted text), open files"),
    ("L", "languages: the document's and each passage's"),
    ("x", "source text ↔ extracted text of the unit"),
    ("C", "corpus view: documents, sources, terms"),
    (
        "Tab o Enter  (corpus)",
        "table; sort; occurrences; open at the bytes",
    ),
    ("Enter  (units)", "a unit's text; a diagnostic's place"),
    (
        "↑ ↓ Enter  (panel)",
        "select; decode as / jump to bytes / open",
    ),
    (
        "Space  (candidates)",
        "mark for side by side (2–4 encodings)",
    ),
    ("s", "side by side: the same bytes, 2–4 encodings"),
    ("r", "the decoded text ↔ the normalised text"),
    (
        "p",
        "step through the pipeline: each step's changes highlighted",
    ),
    (
        "m",
        "a query: where it matches before and after normalisation",
    ),
    (
        "Space  (anomalies)",
        "toggle whether normalising removes that class",
    ),
    ("mouse", "click selects; the wheel scrolls"),
    ("?  F1", "this help (↑ ↓ scroll it)"),
    ("Esc", "close a prompt or this help"),
    ("q  Ctrl-C", "quit"),
];

//! The explorer: a terminal UI over the library (ratatui + crossterm).
//!
//! `app` is the model with its single `update(Action)`; `action` maps keys and the mouse to
//! actions; `view/` draws (reading only); `worker` runs whole-file scans in the background;
//! `layout`, `rows` and `theme` are shared helpers. The terminal is restored on every exit path,
//! a panic included. [`headless`] drives the same model without a terminal, for tests and
//! benchmarks.

pub mod action;
pub mod app;
pub mod corpus;
pub mod doc;
pub mod keys;
pub mod layout;
pub mod rows;
pub mod svg;
pub mod theme;
pub mod view;
pub mod worker;

use crate::source::Input;
use action::Action;
use app::App;
use keys::map_event;
use ratatui::Terminal;
use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, KeyCode, KeyEvent, KeyModifiers,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use theme::Theme;
use worker::Worker;

/// Documents to open: a display name and the input.
pub type Sources = Vec<(String, Arc<Input>)>;

fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
}

/// Starts the corpus view over `job`: the model is set up here, the audit is started by the
/// caller (a thread in the terminal, synchronously in [`headless_frame`]).
fn attach_corpus(app: &mut App, job: &corpus::CorpusJob) {
    let mut view = corpus::CorpusView::new(job.label.clone(), job.items.len());
    view.prefix = match &job.roots[..] {
        [root] => Some(crate::visible::path_name(root)),
        // In-memory documents (the demo): their common source, when they share one.
        _ => {
            let mut sources = job.items.iter().map(|i| match i {
                crate::corpus::Item::Memory { source, .. } => Some(source.as_str()),
                _ => None,
            });
            let first = sources.next().flatten();
            first
                .filter(|f| sources.all(|s| s == Some(*f)))
                .map(str::to_string)
        }
    };
    app.corpus = Some(view);
    app.overlay = app::Overlay::Corpus;
}

/// The worst documents whose likely encoding the corpus view names when the audit ends (a
/// screenful and more; the likely verdict costs about 10 ms a legacy file).
const LIKELY_DOCUMENTS: usize = 100;

/// Audits the corpus in batches on a thread of its own, sending the tables as they fill;
/// returns the flag that cancels it.
fn spawn_corpus(job: corpus::CorpusJob, tx: mpsc::Sender<worker::JobMsg>) -> Arc<AtomicBool> {
    let cancel = Arc::new(AtomicBool::new(false));
    let stop = cancel.clone();
    std::thread::spawn(move || {
        let n = job.items.len();
        let batch = (n / 20).clamp(8, 2000);
        crate::corpus::audit_in_batches(
            &job.items,
            &job.roots,
            &job.opts,
            batch,
            &stop,
            |p, done| {
                let mut audit = crate::corpus::report(p, &job.opts);
                if done >= n {
                    crate::corpus::name_likely_encodings(
                        &mut audit.documents,
                        LIKELY_DOCUMENTS,
                        &job.items,
                    );
                }
                let _ = tx.send(worker::JobMsg::Corpus {
                    done,
                    audit: Box::new(audit),
                    finished: done >= n,
                });
            },
        );
    });
    cancel
}

/// Runs the explorer in the terminal until the user quits.
pub fn run(sources: Sources) -> io::Result<()> {
    run_with(sources, None, Theme::from_env().color)
}

/// Runs the explorer, with the corpus view over `corpus` when given.
/// `color`: false draws without colour (as `NO_COLOR` does; the front end decides).
pub fn run_with(
    sources: Sources,
    corpus: Option<corpus::CorpusJob>,
    color: bool,
) -> io::Result<()> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(io::Error::other(
            "the explorer needs a terminal; for a report on a pipe use `delineate inspect`",
        ));
    }
    let size = ratatui::crossterm::terminal::size()?;
    let (mut app, scans) = App::new(sources, size);
    let (tx, rx) = mpsc::channel();
    let corpus_cancel = corpus.map(|job| {
        attach_corpus(&mut app, &job);
        spawn_corpus(job, tx.clone())
    });
    let mut worker = Worker::new(tx);
    for s in scans {
        worker.start(s);
    }

    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A panic inside an isolated extractor is caught and shown as that document's error.
        if crate::extract::is_isolated_thread() {
            return;
        }
        restore_terminal();
        previous(info);
    }));
    enable_raw_mode()?;
    let setup = execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture);
    let result = setup.and_then(|()| {
        let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
        event_loop(&mut terminal, &mut app, &mut worker, &rx, Theme { color })
    });
    worker.cancel_all();
    if let Some(c) = corpus_cancel {
        c.store(true, Ordering::Relaxed);
    }
    restore_terminal();
    let _ = std::panic::take_hook();
    result
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<io::Stdout>>,
    app: &mut App,
    worker: &mut Worker,
    rx: &mpsc::Receiver<worker::JobMsg>,
    theme: Theme,
) -> io::Result<()> {
    // Debug builds can be made to panic on `!`, so a test can check the terminal is restored.
    let test_panic = cfg!(debug_assertions) && std::env::var_os("DELINEATE_TEST_PANIC").is_some();
    // Drawn when something changed: an input event (a key, the mouse, a resize) or a message
    // from a background job; otherwise the loop only waits.
    let mut dirty = true;
    loop {
        if dirty {
            terminal.draw(|f| view::render(f, app, &theme))?;
            dirty = false;
        }
        if event::poll(Duration::from_millis(50))? {
            dirty = true;
            let ev = event::read()?;
            if test_panic && matches!(&ev, event::Event::Key(k) if k.code == KeyCode::Char('!')) {
                panic!("test panic requested with DELINEATE_TEST_PANIC");
            }
            if let Some(a) = map_event(app, &ev) {
                for s in app.update(a) {
                    worker.start(s);
                }
            }
        }
        while let Ok(msg) = rx.try_recv() {
            dirty = true;
            for s in app.update(Action::Job(msg)) {
                worker.start(s);
            }
        }
        if app.quit {
            return Ok(());
        }
    }
}

/// Parses a key script for [`headless`]: space-separated keys (`l`, `Right`, `Tab`, `Enter`,
/// `Esc`, `PageDown`, `Space`, …), `type:TEXT` to type text, and `wait` to let background scans
/// finish.
fn parse_keys(script: &str) -> Vec<Result<KeyEvent, &str>> {
    let mut out = Vec::new();
    for tok in script.split_whitespace() {
        if tok == "wait" {
            out.push(Err("wait"));
            continue;
        }
        if let Some(t) = tok.strip_prefix("type:") {
            out.extend(
                t.chars()
                    .map(|c| Ok(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))),
            );
            continue;
        }
        let code = match tok {
            "Left" => KeyCode::Left,
            "Right" => KeyCode::Right,
            "Up" => KeyCode::Up,
            "Down" => KeyCode::Down,
            "Tab" => KeyCode::Tab,
            "BackTab" => KeyCode::BackTab,
            "Enter" => KeyCode::Enter,
            "Esc" => KeyCode::Esc,
            "PageUp" => KeyCode::PageUp,
            "PageDown" => KeyCode::PageDown,
            "Home" => KeyCode::Home,
            "End" => KeyCode::End,
            "Backspace" => KeyCode::Backspace,
            "Space" => KeyCode::Char(' '),
            "F1" => KeyCode::F(1),
            t if t.chars().count() == 1 => KeyCode::Char(t.chars().next().unwrap_or(' ')),
            _ => continue,
        };
        out.push(Ok(KeyEvent::new(code, KeyModifiers::NONE)));
    }
    out
}

/// Drives the explorer without a terminal: opens `sources` at `width` × `height`, plays `keys`
/// (see `parse_keys`) and returns the last frame as text. Background scans run when the
/// script says `wait`. Used by tests, by `--headless`, and to time the first frame.
pub fn headless(sources: Sources, width: u16, height: u16, keys: &str, no_color: bool) -> String {
    buffer_text(&headless_frame(
        sources, None, width, height, keys, no_color,
    ))
}

/// The last frame of [`headless`], with the corpus view over `corpus` when given (its audit
/// runs at the first `wait`), as a buffer of styled cells: [`buffer_text`] writes it as text,
/// [`svg::buffer_svg`] as a picture.
pub fn headless_frame(
    sources: Sources,
    corpus: Option<corpus::CorpusJob>,
    width: u16,
    height: u16,
    keys: &str,
    no_color: bool,
) -> ratatui::buffer::Buffer {
    let (mut app, scans) = App::new(sources, (width, height));
    let mut pending = scans;
    let mut corpus = corpus;
    if let Some(job) = &corpus {
        attach_corpus(&mut app, job);
    }
    let theme = Theme { color: !no_color };
    for k in parse_keys(keys) {
        match k {
            Ok(key) => {
                if let Some(a) = keys::map_key(&app, &key) {
                    pending.extend(app.update(a));
                }
            }
            Err(_) => {
                if let Some(job) = corpus.take() {
                    let cancel = AtomicBool::new(false);
                    let mut p = crate::corpus::audit_in_batches(
                        &job.items,
                        &job.roots,
                        &job.opts,
                        usize::MAX,
                        &cancel,
                        |_, _| {},
                    );
                    let mut audit = crate::corpus::report_taking_documents(&mut p, &job.opts);
                    crate::corpus::name_likely_encodings(
                        &mut audit.documents,
                        LIKELY_DOCUMENTS,
                        &job.items,
                    );
                    pending.extend(app.update(Action::Job(worker::JobMsg::Corpus {
                        done: job.items.len(),
                        audit: Box::new(audit),
                        finished: true,
                    })));
                }
                for s in std::mem::take(&mut pending) {
                    let (tx, _rx) = mpsc::channel();
                    let msg = worker::run(&s, &std::sync::atomic::AtomicBool::new(false), &tx);
                    pending.extend(app.update(Action::Job(msg)));
                }
            }
        }
        if app.quit {
            break;
        }
    }
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal
        .draw(|f| view::render(f, &app, &theme))
        .expect("draw to a test backend");
    terminal.backend().buffer().clone()
}

/// The symbols of a buffer, one line per row, wide characters once.
pub fn buffer_text(buf: &ratatui::buffer::Buffer) -> String {
    use unicode_width::UnicodeWidthStr;
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut skip = 0;
        let mut line = String::new();
        for x in 0..buf.area.width {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let s = buf[(x, y)].symbol();
            line.push_str(s);
            skip = s.width().saturating_sub(1);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_parse() {
        let k = parse_keys("l Right type:ab wait Enter");
        assert_eq!(k.len(), 6);
        assert!(k[4].is_err());
    }
}

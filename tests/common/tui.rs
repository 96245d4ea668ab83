//! The explorer without a terminal, as the TUI tests drive it: fixtures opened as sources,
//! the app once its opening jobs have run, the screen after scripted keys.

use delineate::source::Input;
use delineate::tui::action::Action;
use delineate::tui::app::App;
use delineate::tui::{Sources, headless};
use std::sync::Arc;

/// The bytes of `tests/fixtures/{name}`.
pub fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The explorer's sources for fixtures, named by their path from the repository's root.
pub fn sources(names: &[&str]) -> Sources {
    names
        .iter()
        .map(|n| {
            let name = format!("tests/fixtures/{n}");
            (name.clone(), Arc::new(Input::from_bytes(name, fixture(n))))
        })
        .collect()
}

/// The explorer on `names` once the jobs its opening posts (the whole-file report and anomaly
/// count, the extraction) have run, as they have by a person's first key press.
pub fn app(names: &[&str], w: u16, h: u16) -> App {
    let (mut a, mut jobs) = App::new(sources(names), (w, h));
    while let Some(j) = jobs.pop() {
        let (tx, _rx) = std::sync::mpsc::channel();
        let msg = delineate::tui::worker::run(&j, &std::sync::atomic::AtomicBool::new(false), &tx);
        jobs.extend(a.update(Action::Job(msg)));
    }
    a
}

/// The screen after `keys`, the opening's background jobs run first (`wait`).
pub fn screen(names: &[&str], w: u16, h: u16, keys: &str) -> String {
    headless(sources(names), w, h, &format!("wait {keys}"), false)
}

//! Each document's extractor isolated: parsers of binary containers and mail run on a thread
//! of their own with a time limit, the text formats' under a panic guard on the caller's
//! thread; a panic or a timeout becomes that document's error, and the other documents go on.

use super::error::{ExtractError, LimitKind};
use std::time::Duration;

/// Runs `f` on its own thread: a panic becomes `Err` with the panic message, and a run longer
/// than `limit` becomes `Err` (the thread is left to finish on its own; its result is dropped).
/// The thread gets a large stack, since parsers of nested structures recurse.
pub fn isolate<T: Send + 'static>(
    what: &str,
    limit: Duration,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ExtractError> {
    quiet_isolated_panics();
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name(format!("{ISOLATED_THREAD}{what}"))
        .stack_size(256 << 20)
        .spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            let _ = tx.send(r);
        });
    let handle = match spawned {
        Ok(h) => h,
        Err(e) => {
            return Err(ExtractError::Failed(format!(
                "could not start the extractor thread: {e}"
            )));
        }
    };
    let result = rx.recv_timeout(limit);
    if result.is_ok() {
        // The thread has sent its result and is only exiting: wait for it, so finished
        // extractors never linger (their thread-local destructors run before we go on).
        let _ = handle.join();
    }
    match result {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(panic)) => {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(ExtractError::Panicked(msg))
        }
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(ExtractError::limit(
            LimitKind::Time,
            format!(
                "the extractor took longer than {} s and was abandoned",
                limit.as_secs_f64()
            ),
        )),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(ExtractError::Failed(
            "the extractor thread ended without a result".to_string(),
        )),
    }
}

/// Name prefix of the threads [`isolate`] runs extractors on.
pub(super) const ISOLATED_THREAD: &str = "extract ";

thread_local! {
    /// Set while an extractor runs under a panic guard on the caller's thread.
    static GUARDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Is the current thread running an isolated or guarded extractor? (Panic hooks use this to
/// stay quiet: such a panic is caught and reported as data.)
pub fn is_isolated_thread() -> bool {
    GUARDED.with(|g| g.get())
        || std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(ISOLATED_THREAD))
}

/// Runs `f` under a panic guard on this thread: a panic becomes `Err` with its message.
pub(super) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, ExtractError> {
    quiet_isolated_panics();
    let was = GUARDED.with(|g| g.replace(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(was));
    r.map_err(|p| {
        ExtractError::Panicked(
            p.downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default(),
        )
    })
}

/// Installs, once, a panic hook that says nothing for panics on isolated extractor threads
/// (they become a per-document error) and defers to the previous hook otherwise.
pub(super) fn quiet_isolated_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !is_isolated_thread() {
                previous(info);
            }
        }));
    });
}

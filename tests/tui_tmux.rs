//! End to end: the real binary in a real terminal (tmux), driven by keys and read back from the
//! screen, as a person would. Skips with a message when tmux is not installed (`.ci/run` installs
//! it).

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
    session: String,
}

impl Tmux {
    fn tmux(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket]);
        c.stderr(std::process::Stdio::null());
        c
    }

    fn start(name: &str, cmd: &str, w: u16, h: u16) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("skipped: tmux is not installed (.ci/run installs it)");
            return None;
        }
        let t = Tmux {
            socket: format!("delineate-test-{}-{name}", std::process::id()),
            session: name.to_string(),
        };
        let ok = t
            .tmux()
            .args([
                "new-session",
                "-d",
                "-s",
                &t.session,
                "-x",
                &w.to_string(),
                "-y",
                &h.to_string(),
            ])
            .arg(cmd)
            .env("TERM", "xterm-256color")
            .status()
            .expect("tmux runs")
            .success();
        assert!(ok, "tmux new-session failed");
        Some(t)
    }

    fn capture(&self) -> String {
        let out = self
            .tmux()
            .args(["capture-pane", "-p", "-t", &self.session])
            .output()
            .expect("capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        self.tmux()
            .args(["send-keys", "-t", &self.session])
            .args(keys)
            .status()
            .expect("send-keys");
    }

    /// Waits until the screen contains every needle (or fails after 10 s with the screen).
    fn wait_for(&self, needles: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let screen = self.capture();
            if needles.iter().all(|n| screen.contains(n)) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(10) {
                panic!("waited for {needles:?}; the screen shows:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The pane's title, as the terminal holds it (a document must not be able to set it).
    fn title(&self) -> String {
        let out = self
            .tmux()
            .args([
                "display-message",
                "-p",
                "-t",
                &self.session,
                "#{pane_title}",
            ])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn alive(&self) -> bool {
        self.tmux()
            .args(["has-session", "-t", &self.session])
            .status()
            .map(|s| s.success())
            .unwrap_or(false)
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.tmux().arg("kill-server").status();
    }
}

fn bin() -> String {
    assert_cmd::cargo::cargo_bin("delineate")
        .display()
        .to_string()
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn cursor_onto_e_acute_shows_its_bytes_and_bit_layout() {
    let cmd = format!("{} {}", bin(), fixture("resume-utf8.txt"));
    let Some(t) = Tmux::start("resume", &cmd, 100, 30) else {
        return;
    };
    t.wait_for(&["Hex", "résumé"]);
    t.keys(&["Right"]);
    let screen = t.wait_for(&["U+00E9"]);
    assert!(screen.contains("c3 a9"), "hex pane:\n{screen}");
    assert!(
        screen.contains("110 00011"),
        "inspector bit layout:\n{screen}"
    );
    assert!(
        screen.contains("LATIN SMALL LETTER E WITH ACUTE"),
        "{screen}"
    );
    t.keys(&["q"]);
    let start = Instant::now();
    while t.alive() && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!t.alive(), "q quits");
}

#[test]
fn control_sequences_in_a_file_stay_inert_in_a_real_terminal() {
    let cmd = format!("{} {}", bin(), fixture("controls.txt"));
    let Some(t) = Tmux::start("controls", &cmd, 120, 40) else {
        return;
    };
    // The whole frame, not its first lines: tmux may be caught halfway through a redraw.
    let screen = t.wait_for(&["Hex", "␛]0;pwned␇", "Inspector", "⇄gnp.exe"]);
    // The file's OSC title change and clear-screen did nothing: the panes are all there.
    assert!(screen.contains("Inspector"), "{screen}");
    assert!(screen.contains("⇄gnp.exe"), "{screen}");
    assert!(!t.title().contains("pwned"), "the title was changed");
    t.keys(&["?"]);
    t.wait_for(&["Help"]);
    t.keys(&["Escape"]);
    t.keys(&["q"]);
}

/// A file whose name holds a clear-screen, an OSC 52 clipboard write, BEL, CR, LF, a C1 CSI and
/// RLO, opened in a real terminal: the title bar shows the name with placeholders, and the
/// terminal's title and screen are untouched.
#[test]
fn a_hostile_file_name_stays_inert_in_a_real_terminal() {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tmux-hostile-name");
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let name = "x\u{1b}[2J\u{1b}]2;pwned\u{7}\u{1b}]52;c;cHduZWQ=\u{7}\r\n\u{9b}31m\u{202e}gpj.txt";
    std::fs::write(d.join(name), "some plain words\n").unwrap();
    // The shell makes the name from octal escapes, so no control is in the command line.
    let octal: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' {
                (b as char).to_string()
            } else {
                format!("\\{b:03o}")
            }
        })
        .collect();
    let cmd = format!("cd '{}' && {} \"$(printf '{octal}')\"", d.display(), bin());
    let Some(t) = Tmux::start("hostile-name", &cmd, 120, 30) else {
        return;
    };
    let screen = t.wait_for(&["Hex", "some plain words"]);
    assert!(screen.contains("x␛[2J␛]2;pwned␇"), "{screen}");
    assert!(screen.contains("⟨RLO⟩gpj.txt"), "{screen}");
    assert!(!t.title().contains("pwned"), "the title was changed");
    t.keys(&["q"]);
}

/// Issue 22: the first screen of `delineate demo`, with no key pressed, is a corpus of at
/// least 100 documents in at least 4 sources whose tip names a junk term; following the tip
/// (Tab Tab, the term, Enter, Enter) lands on the `&lt;` bytes in the hex view.
#[test]
fn demo_first_screen_leads_to_the_entity_bytes() {
    let cmd = format!("{} demo", bin());
    let Some(t) = Tmux::start("demo", &cmd, 140, 40) else {
        return;
    };
    let screen = t.wait_for(&["Corpus", "Tip:", "entity-residue"]);
    let files: u64 = screen
        .split(" files · ")
        .next()
        .and_then(|s| s.rsplit(['│', ' ']).next())
        .and_then(|n| n.replace(',', "").parse().ok())
        .unwrap_or_else(|| panic!("no file count on the first screen:\n{screen}"));
    assert!(files >= 100, "{files} files:\n{screen}");
    assert!(screen.contains("“lt”"), "the tip names lt:\n{screen}");
    // Sources: newswire, crawl, mail, office, legacy.
    t.keys(&["Tab"]);
    t.wait_for(&["newswire", "crawl", "mail", "office", "legacy"]);
    // Terms: `lt` is among the first 20 and flagged.
    t.keys(&["Tab"]);
    let screen = t.wait_for(&["rank", "entity-residue"]);
    let rank: usize = screen
        .lines()
        .find(|l| l.contains(" lt ") && l.contains("entity-residue"))
        .and_then(|l| {
            l.trim_start_matches('│')
                .split_whitespace()
                .next()
                .map(|r| r.trim_end_matches('!').parse().unwrap())
        })
        .unwrap_or_else(|| panic!("no flagged lt row:\n{screen}"));
    assert!(rank <= 20, "lt at rank {rank}");
    for _ in 1..rank {
        t.keys(&["Down"]);
    }
    t.keys(&["Enter"]);
    t.wait_for(&["Occurrences of “lt”", "entity-residue"]);
    t.keys(&["Enter"]);
    // The explorer, at the bytes: the hex view's title names the offset, and the inspector
    // explains the entity.
    let screen = t.wait_for(&["Hex · byte", "undecoded entity &lt;"]);
    assert!(
        screen.contains("26 6c 74 3b"),
        "the &lt; bytes are on screen:\n{screen}"
    );
    // The side-by-side view of the same file.
    t.keys(&["s"]);
    t.wait_for(&["Side by side", "&lt;"]);
    t.keys(&["q"]);
}

#[test]
fn a_panic_restores_the_terminal() {
    // Debug builds panic on `!` when DELINEATE_TEST_PANIC is set; release builds have no
    // such hook, so there is nothing to test there.
    if !cfg!(debug_assertions) {
        eprintln!("skipped: the panic hook for tests exists only in debug builds");
        return;
    }
    let cmd = format!(
        "sh -c 'DELINEATE_TEST_PANIC=1 {} {} 2>/dev/null; echo EXIT=$?; stty -a | tr \" \" \"\\n\" | grep -x -- \"-\\?icanon\"; sleep 30'",
        bin(),
        fixture("ascii.txt")
    );
    let Some(t) = Tmux::start("panic", &cmd, 100, 30) else {
        return;
    };
    t.wait_for(&["Hex"]);
    t.keys(&["!"]);
    let screen = t.wait_for(&["EXIT="]);
    assert!(screen.contains("EXIT=101"), "{screen}");
    // Raw mode is off again (canonical input), and the alternate screen is gone.
    let screen = t.wait_for(&["icanon"]);
    assert!(!screen.contains("-icanon"), "raw mode left on:\n{screen}");
    assert!(
        !screen.contains("Hex ·"),
        "the explorer's screen is still shown:\n{screen}"
    );
}

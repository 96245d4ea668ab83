//! Hostile names: file names, unit locators and attachment names holding `ESC [2J`, an OSC 52
//! clipboard write, BEL, CR, a newline, U+009B and U+202E, and names that are not UTF-8. Every
//! subcommand, and every error message, is run on them: no byte a terminal acts on may reach
//! stdout or stderr (LF and TAB only as layout), and a name that is not UTF-8 shows its bytes as
//! `\xFF` with the exact bytes in JSON. Also the inputs that must never be written over
//! (`--emit-partial` into the corpus, `--record` through a hard link), standard input read
//! within a limit, and the merge of partials. Files are made at test time.

mod common;

use common::{cmd, dir};
use serde_json::Value;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The parts of a name a terminal would act on.
const HOSTILE: &str = "x\u{1b}[2J\u{1b}]52;c;cHduZWQ=\u{7}\r\n\u{9b}31m\u{202e}gpj";

/// A character a terminal could act on, other than LF and TAB.
fn acts_on_terminal(c: char) -> bool {
    let u = c as u32;
    (u < 0x20 && c != '\n' && c != '\t')
        || (0x7F..=0x9F).contains(&u)
        || (0x202A..=0x202E).contains(&u)
        || (0x2066..=0x2069).contains(&u)
        || u == 0x200E
        || u == 0x200F
}

fn assert_inert(what: &str, bytes: &[u8]) {
    for (i, chunk) in bytes.utf8_chunks().enumerate() {
        assert!(
            chunk.invalid().is_empty(),
            "{what}: raw bytes {:02X?} that are not UTF-8 (chunk {i})",
            chunk.invalid()
        );
        if let Some(c) = chunk.valid().chars().find(|&c| acts_on_terminal(c)) {
            panic!(
                "{what}: U+{:04X} reaches the terminal:\n{}",
                c as u32,
                String::from_utf8_lossy(bytes)
            );
        }
    }
}

/// Runs `args`, asserting nothing in stdout or stderr acts on a terminal; returns the output.
fn run(args: &[&OsStr]) -> std::process::Output {
    let out = cmd()
        .args(args)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let what = format!("{args:?}");
    assert_inert(&format!("{what} stdout"), &out.stdout);
    assert_inert(&format!("{what} stderr"), &out.stderr);
    out
}

fn os(s: &str) -> &OsStr {
    OsStr::new(s)
}

/// A corpus of hostile names: a text file, an HTML page, a Reuters SGML collection whose NEWID
/// is hostile, an email whose attachment name is, and a name that is not UTF-8.
fn corpus() -> (PathBuf, Vec<PathBuf>) {
    let d = dir("hostile-names");
    let text = d.join(format!("{HOSTILE}.txt"));
    std::fs::write(
        &text,
        "Plain words for the audit, the index and the terms.\n",
    )
    .unwrap();
    let html = d.join(format!("{HOSTILE}.html"));
    std::fs::write(
        &html,
        "<html><head><title>A page</title></head><body><p>Some text in a paragraph.</p></body></html>",
    )
    .unwrap();
    let sgml = d.join("reut2-000.sgm");
    std::fs::write(
        &sgml,
        format!(
            "<!DOCTYPE lewis SYSTEM \"lewis.dtd\">\n<REUTERS NEWID=\"1{HOSTILE}\">\n<TEXT><BODY>Viacom said &lt;National Amusements&gt; raised its bid.</BODY></TEXT>\n</REUTERS>\n"
        ),
    )
    .unwrap();
    let mail = d.join("mail.eml");
    std::fs::write(
        &mail,
        "From: a@example.org\r\nSubject: report\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n\
--B\r\nContent-Type: text/plain\r\n\r\nThe body of the message.\r\n\
--B\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=\"=?utf-8?B?eBtbMkobXTUyO2M7Y0hkdVpXUT0HDQrCmzMxbeKArmdwag==?=.txt\"\r\n\r\nattached words\r\n--B--\r\n",
    )
    .unwrap();
    let latin = d.join(OsStr::from_bytes(b"caf\xe9.txt"));
    std::fs::write(&latin, "Un caf\u{e9} au lait.\n").unwrap();
    (d, vec![text, html, sgml, mail, latin])
}

#[test]
fn every_subcommand_keeps_hostile_names_inert() {
    let (d, files) = corpus();
    let text = files[0].as_os_str();
    let html = files[1].as_os_str();
    let latin = files[4].as_os_str();
    let all: Vec<&OsStr> = files.iter().map(|f| f.as_os_str()).collect();
    let dir_s = d.as_os_str();
    let record = d.join("..").join(format!("record-{HOSTILE}.json"));
    let mut runs: Vec<Vec<&OsStr>> = vec![
        [&[os("inspect")][..], &all].concat(),
        [&[os("inspect"), os("--json")][..], &all].concat(),
        [&[os("extract")][..], &all].concat(),
        [&[os("extract"), os("--json")][..], &all].concat(),
        [&[os("anomalies")][..], &all].concat(),
        [&[os("anomalies"), os("--json")][..], &all].concat(),
        [&[os("langid")][..], &all].concat(),
        [&[os("langid"), os("--json")][..], &all].concat(),
        vec![os("langid"), os("--lines"), text],
        vec![os("tokens"), text],
        vec![os("fix"), os("--explain"), text],
        vec![os("normalize"), os("--explain"), text],
        vec![os("normalize"), os("--query"), os("words"), text],
        vec![os("normalize"), text, os("--record"), record.as_os_str()],
        vec![os("decode"), os("--encoding"), os("utf-8"), text],
        vec![os("audit"), dir_s],
        vec![os("audit"), os("--markdown"), dir_s],
        vec![os("audit"), os("--tsv"), dir_s],
        vec![os("audit"), os("--json"), dir_s],
        vec![os("open"), os("--headless"), os("120x40"), text],
        vec![
            os("open"),
            os("--headless"),
            os("120x40"),
            os("--keys"),
            os("u wait"),
            html,
        ],
        vec![
            os("open"),
            os("--headless"),
            os("120x40"),
            os("--keys"),
            os("f"),
            text,
            html,
        ],
    ];
    for keys in ["wait", "wait Tab Tab Enter", "wait Tab Enter Enter"] {
        runs.push(vec![
            os("open"),
            os("--headless"),
            os("140x40"),
            os("--keys"),
            os(keys),
            dir_s,
        ]);
    }
    // Errors name the path: a missing file, a directory where a file is wanted, a record or a
    // partial that cannot be written, a partial that cannot be read.
    let missing = d.join(format!("missing-{HOSTILE}"));
    let sub = d.join(format!("sub-{HOSTILE}"));
    std::fs::create_dir_all(&sub).unwrap();
    let nowhere = d.join(format!("no-dir-{HOSTILE}")).join("out.json");
    for c in [
        "inspect",
        "extract",
        "anomalies",
        "langid",
        "tokens",
        "fix",
        "normalize",
    ] {
        runs.push(vec![os(c), missing.as_os_str()]);
    }
    runs.push(vec![
        os("decode"),
        os("--encoding"),
        os("utf-8"),
        missing.as_os_str(),
    ]);
    runs.push(vec![os("inspect"), sub.as_os_str()]);
    runs.push(vec![os("audit"), missing.as_os_str()]);
    runs.push(vec![os("merge"), missing.as_os_str()]);
    runs.push(vec![os("merge"), text]);
    runs.push(vec![
        os("normalize"),
        text,
        os("--record"),
        nowhere.as_os_str(),
    ]);
    runs.push(vec![
        os("audit"),
        os("--emit-partial"),
        nowhere.as_os_str(),
        text,
    ]);
    runs.push(vec![os("inspect"), os("--encoding"), os(HOSTILE), text]);
    runs.push(vec![os(HOSTILE)]);
    let flag = format!("--{HOSTILE}");
    runs.push(vec![os("inspect"), os(&flag)]);
    for args in &runs {
        run(args);
    }
    // What the reports say about the names: placeholders, and the bytes of the Latin-1 name.
    let out = run(&[os("extract"), text, latin]);
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        s.contains("x␛[2J␛]52;c;cHduZWQ=␇␍␊⟨U+009B⟩31m⟨RLO⟩gpj.txt"),
        "{s}"
    );
    assert!(s.contains("caf\\xE9.txt"), "{s}");
    let out = run(&[os("inspect"), os("--json"), latin]);
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        j["path"].as_str().unwrap(),
        format!("{}/caf\\xE9.txt", d.display())
    );
    let bytes: Vec<u8> = j["path_bytes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap() as u8)
        .collect();
    assert_eq!(Path::new(OsStr::from_bytes(&bytes)), files[4].as_path());
    // The audit's locators and attachment names, in text and Markdown.
    for format in ["--format=text", "--markdown"] {
        let out = run(&[os("audit"), os(format), os("--unit"), os("part"), dir_s]);
        let s = String::from_utf8_lossy(&out.stdout);
        assert!(s.contains("⟨RLO⟩"), "{format}: {s}");
    }
    let out = run(&[os("extract"), files[3].as_os_str()]);
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.contains("(attachment x␛[2J"), "{s}");
}

#[test]
fn a_partial_never_lands_on_the_corpus() {
    let d = dir("partial-on-input");
    let c = d.join("c");
    std::fs::create_dir_all(&c).unwrap();
    let input = c.join("in.txt");
    std::fs::write(&input, "hello world\n").unwrap();
    let outside = d.join("linked.json");
    std::fs::hard_link(&input, &outside).unwrap();
    let soft = d.join("soft.json");
    std::os::unix::fs::symlink(&input, &soft).unwrap();
    for out in [input.clone(), c.join("new.json"), outside, soft] {
        let o = run(&[
            os("audit"),
            os("--emit-partial"),
            out.as_os_str(),
            c.as_os_str(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", out.display());
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("refusing to write there"), "{e}");
    }
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "hello world\n");
    assert!(!c.join("new.json").exists());
    // Beside the corpus it is written.
    let ok = d.join("ok.json");
    let o = run(&[
        os("audit"),
        os("--emit-partial"),
        ok.as_os_str(),
        c.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(ok.exists());
}

#[test]
fn a_record_never_overwrites_the_input_through_a_link() {
    let d = dir("record-on-input");
    let input = d.join("in.txt");
    std::fs::write(&input, "a\u{200b}b\n").unwrap();
    let hard = d.join("hard.json");
    std::fs::hard_link(&input, &hard).unwrap();
    let soft = d.join("soft.json");
    std::os::unix::fs::symlink(&input, &soft).unwrap();
    let dotted = d.join("x/../in.txt");
    std::fs::create_dir_all(d.join("x")).unwrap();
    for out in [&hard, &soft, &dotted] {
        let o = run(&[
            os("normalize"),
            input.as_os_str(),
            os("--record"),
            out.as_os_str(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", out.display());
    }
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "a\u{200b}b\n");
}

#[test]
fn standard_input_is_read_within_its_limit() {
    let big = vec![b'y'; 3 << 20];
    for c in [
        &["inspect", "-"][..],
        &["anomalies", "-"],
        &["extract", "-"],
        &["tokens", "-"],
        &["fix", "-"],
        &["langid", "--lines", "-"],
        &["normalize", "-"],
        &["decode", "--encoding", "utf-8", "-"],
    ] {
        let out = cmd()
            .args(c)
            .args(["--max-input-mb", "2"])
            .write_stdin(big.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{c:?}");
        let e = String::from_utf8_lossy(&out.stderr);
        assert!(
            e.contains("standard input is longer than 2 MiB") && e.contains("--max-input-mb"),
            "{c:?}: {e}"
        );
        // Within the limit it is read.
        let out = cmd()
            .args(c)
            .args(["--max-input-mb", "4"])
            .write_stdin(big.clone())
            .output()
            .unwrap();
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("standard input is longer"),
            "{c:?}"
        );
    }
}

#[test]
fn merge_refuses_overflow_and_a_shard_given_twice() {
    let d = dir("merge-checks");
    let (a, b) = (d.join("a"), d.join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    std::fs::write(a.join("1.txt"), "alpha beta\n").unwrap();
    std::fs::write(b.join("2.txt"), "gamma\n").unwrap();
    let (pa, pb) = (d.join("pa.json"), d.join("pb.json"));
    for (p, src) in [(&pa, &a), (&pb, &b)] {
        let o = run(&[
            os("audit"),
            os("--emit-partial"),
            p.as_os_str(),
            src.as_os_str(),
        ]);
        assert!(o.status.success());
    }
    let ok = run(&[os("merge"), os("--json"), pa.as_os_str(), pb.as_os_str()]);
    let j: Value = serde_json::from_slice(&ok.stdout).unwrap();
    assert_eq!(j["summary"]["files"], 2);
    let twice = run(&[os("merge"), pa.as_os_str(), pb.as_os_str(), pa.as_os_str()]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("would count its files twice"));
    // Counts that overflow: u64::MAX files plus two.
    let mut p: Value = serde_json::from_slice(&std::fs::read(&pa).unwrap()).unwrap();
    p["files"] = Value::from(u64::MAX);
    p["shards"] = serde_json::json!(["forged"]);
    let forged = d.join("forged.json");
    std::fs::write(&forged, serde_json::to_vec(&p).unwrap()).unwrap();
    let o = run(&[os("merge"), forged.as_os_str(), pb.as_os_str()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("files = 18446744073709551615"));
    // Two partials just under the bound merge into one over it: the sum is refused too.
    p["files"] = Value::from((1u64 << 61) + 5);
    let near = d.join("near.json");
    std::fs::write(&near, serde_json::to_vec(&p).unwrap()).unwrap();
    p["shards"] = serde_json::json!(["forged-2"]);
    let near2 = d.join("near2.json");
    std::fs::write(&near2, serde_json::to_vec(&p).unwrap()).unwrap();
    let o = run(&[os("merge"), near.as_os_str(), near2.as_os_str()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("the counts overflow"));
}

#[test]
fn audit_exit_status_links_and_special_files() {
    let d = dir("audit-walk");
    let c = d.join("c");
    std::fs::create_dir_all(c.join("sub")).unwrap();
    std::fs::write(c.join("a.txt"), "some words here\n").unwrap();
    std::os::unix::fs::symlink("/", c.join("root")).unwrap();
    std::os::unix::fs::symlink("/usr/share", c.join("share")).unwrap();
    std::os::unix::fs::symlink("..", c.join("sub/up")).unwrap();
    std::os::unix::fs::symlink("/dev/null", c.join("null")).unwrap();
    let fifo = c.join("pipe");
    let has_fifo = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let o = run(&[os("audit"), os("--json"), c.as_os_str()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let j: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        j["summary"]["files"], 1,
        "only a.txt is a file of the corpus"
    );
    let errors = j["summary"]["errors"].to_string();
    assert!(
        errors.contains("outside the corpus: not followed"),
        "{errors}"
    );
    assert!(errors.contains("a loop"), "{errors}");
    assert!(errors.contains("is a character device"), "{errors}");
    if has_fifo {
        assert!(errors.contains("is a FIFO"), "{errors}");
    }
    // A path given that is not there: the report of the rest, and exit 2.
    let o = run(&[
        os("audit"),
        os("--json"),
        c.as_os_str(),
        os("/nonexistent/x"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/x"));
    let j: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["summary"]["files"], 1);
    // A threshold that is not a finite number is a usage error.
    for bad in ["replacement>nan", "replacement>inf"] {
        let o = run(&[os("audit"), os("--fail-on"), os(bad), c.as_os_str()]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
    }
}

/// The explorer's options before a command were accepted and ignored (`delineate
/// --max-input-mb 2 inspect -` read 3 MiB): now a usage error that says where the option goes.
#[test]
fn explorer_options_before_a_command_are_a_usage_error() {
    let out = cmd()
        .args(["--max-input-mb", "2", "inspect", "-"])
        .write_stdin(vec![b'y'; 3 << 20])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("delineate inspect --max-input-mb"),
        "the message says where it goes: {e}"
    );
    // A global option (--color) still goes anywhere.
    let out = cmd()
        .args(["--color", "never", "inspect", "-"])
        .write_stdin("abc")
        .output()
        .unwrap();
    assert!(out.status.success());
}

//! Issue 22: the demo corpus is what its script writes, byte for byte, and it tells the story
//! the README's walkthrough follows (a real corpus, flagged junk among the top terms).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn files_below(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p.strip_prefix(root).unwrap().to_path_buf();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

#[test]
fn the_demo_corpus_regenerates_byte_identically_from_its_script() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("skipped: python3 is not installed (.ci/run installs it)");
        return;
    }
    // Removed when `scratch` drops, even when the test fails.
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("demo");
    let status = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/make_demo_corpus.py"
        ))
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("python3 runs");
    assert!(status.success(), "make_demo_corpus.py failed");
    let made = files_below(&out);
    let kept = files_below(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/demo"
    )));
    let names = |m: &BTreeMap<PathBuf, Vec<u8>>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&made), names(&kept), "the script writes other files");
    let differ: Vec<_> = made
        .iter()
        .filter(|(p, b)| kept.get(*p) != Some(*b))
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert!(differ.is_empty(), "differ from assets/demo: {differ:?}");
}

/// The audit of the demo: ≥ 100 documents in ≥ 4 sources, `lt` and `amp` among the first 20
/// terms and flagged entity-residue, and the damage the README lists present in the totals.
#[test]
fn the_demo_corpus_has_junk_terms_among_its_top_20() {
    let out = assert_cmd::Command::cargo_bin("delineate")
        .unwrap()
        .args(["audit", "--json", "--top", "20"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/demo"))
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let summary = &v["summary"];
    assert!(summary["files"].as_u64().unwrap() >= 100, "{summary}");
    assert!(v["sources"].as_array().unwrap().len() >= 4);
    let terms = v["terms"].as_array().unwrap();
    for junk in ["lt", "amp"] {
        let t = terms
            .iter()
            .find(|t| t["term"] == junk)
            .unwrap_or_else(|| panic!("{junk} is not among the first 20 terms"));
        assert!(
            t["flags"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f["flag"] == "entity-residue"),
            "{t}"
        );
    }
    let totals = &summary["totals"];
    for signal in [
        "invalid_utf8",
        "invisible",
        "mojibake_words",
        "entity_residue",
        "split_words",
        "replacement_chars",
    ] {
        assert!(
            totals[signal].as_u64().unwrap() > 0,
            "no {signal}: {totals}"
        );
    }
}

/// Issue 22: the README's screenshots (assets/screens/*.svg) are what the explorer draws now;
/// when the program changes, `scripts/screenshots.sh` redraws them.
#[test]
fn the_readme_screenshots_are_what_the_program_draws() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/screens"));
    let spec = std::fs::read_to_string(dir.join("screens.tsv")).unwrap();
    let mut n = 0;
    for line in spec
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let mut f = line.split('\t');
        let (name, what, keys) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        let out = assert_cmd::Command::cargo_bin("delineate")
            .unwrap()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env_remove("NO_COLOR")
            .args(["--color", "always"])
            .args(what.split(' '))
            .args(["--headless", "120x34", "--keys", keys, "--svg"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let kept = std::fs::read(dir.join(format!("{name}.svg"))).unwrap();
        assert!(
            out.stdout == kept,
            "assets/screens/{name}.svg is not what the program draws: run scripts/screenshots.sh"
        );
        n += 1;
    }
    assert!(n >= 5, "{n} screenshots");
}

/// The help and the README say how many documents the demo opens: as many as `assets/demo`
/// holds (the help said 112 after a 113th was added).
#[test]
fn the_help_and_the_readme_count_the_demo_files() {
    let n = files_below(Path::new("assets/demo")).len();
    let said = format!("{n} documents in five sources");
    let out = assert_cmd::Command::cargo_bin("delineate")
        .unwrap()
        .args(["help", "demo"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains(&said), "{said} not in: {help}");
    let readme = std::fs::read_to_string("README.md").unwrap();
    assert!(readme.contains(&said), "{said} not in the README");
}

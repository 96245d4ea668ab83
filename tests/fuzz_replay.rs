//! Replays the fuzz inputs through the fuzz entry points inside `cargo test` (stable Rust, no
//! libFuzzer): the seeds, the corpus the fuzz runs grew (`fuzz/corpus/`, when present) and
//! every input that once crashed or hung (`fuzz/regressions/<target>/`), so a fixed bug stays
//! fixed. Also checks that every target `fuzz/` builds is one `delineate::fuzzing` knows.

use std::path::Path;
use std::time::{Duration, Instant};

fn inputs(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn every_fuzz_input_runs_clean_and_fast() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    delineate::fuzzing::quiet_isolated_panics();
    let mut total = 0;
    let mut slow = Vec::new();
    for (name, _) in delineate::fuzzing::TARGETS {
        for kind in ["seeds", "regressions", "corpus"] {
            for f in inputs(&root.join(kind).join(name)) {
                // A running fuzzer replaces corpus files as it shrinks them.
                let Ok(data) = std::fs::read(&f) else {
                    continue;
                };
                let t = Instant::now();
                assert!(delineate::fuzzing::run(name, &data));
                // Debug builds are ~10× slower than the fuzzer's optimised build.
                if t.elapsed() > Duration::from_secs(10) {
                    slow.push(format!("{} ({:?})", f.display(), t.elapsed()));
                }
                total += 1;
            }
        }
    }
    assert!(
        total > 100,
        "only {total} fuzz inputs found under {}",
        root.display()
    );
    assert!(slow.is_empty(), "inputs over 10 s: {slow:?}");
}

#[test]
fn fuzz_targets_match_the_library() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    let mut built: Vec<String> = inputs(&dir)
        .iter()
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect();
    built.sort();
    let mut known: Vec<String> = delineate::fuzzing::TARGETS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    known.sort();
    assert_eq!(built, known);
    assert!(!delineate::fuzzing::run("no-such-target", b""));
}

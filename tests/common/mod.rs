//! What the integration tests share: the binary as a person runs it, a scratch folder per
//! test, and `extract --json` read back with its diagnostics.
#![allow(dead_code)]

pub mod tui;

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The `delineate` binary, run from the repository's root.
pub fn cmd() -> Command {
    let mut c = Command::cargo_bin("delineate").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// A fresh, empty folder under cargo's temporary directory.
pub fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The first JSON line of `stdout` (Null when there is none).
pub fn first_json(stdout: &[u8]) -> Value {
    serde_json::from_slice(stdout.split(|&b| b == b'\n').next().unwrap_or_default())
        .unwrap_or(Value::Null)
}

/// Every diagnostic of an extraction as `kind message` lines, file-level and per unit, and
/// its error.
pub fn messages(x: &Value) -> String {
    let mut all: Vec<String> = Vec::new();
    let mut add = |v: &Value| {
        for d in v.as_array().into_iter().flatten() {
            all.push(format!("{} {} {}", d["kind"], d["message"], d["limit"]));
        }
    };
    add(&x["diagnostics"]);
    for u in x["units"].as_array().into_iter().flatten() {
        add(&u["diagnostics"]);
    }
    if let Some(e) = x["error"].as_str() {
        all.push(format!("error {e}"));
    }
    all.join("\n")
}

/// `extract --json ARGS path` (within a minute, whatever its exit status): the file's JSON
/// and its diagnostics.
pub fn extract(args: &[&str], path: &Path) -> (Value, String) {
    let out = cmd()
        .args(["extract", "--json"])
        .args(args)
        .arg(path)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some(),
        "{} was killed by a signal: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let x = first_json(&out.stdout);
    let m = messages(&x);
    (x, m)
}

/// CRC-32 (IEEE), for ZIP archives written by hand.
pub fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in data {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

//! Issue 23: `scripts/spark_audit.py` on Spark in `local[2]` mode gives the very report
//! `delineate audit` gives: on `tests/fixtures` (121 files of every kind, hostile ones and
//! error rows included) in 3 and in 7 shards, with one shard's task failing once and Spark
//! retrying it, and on Reuters NLTK when `../shared/data` is present.
//!
//! Needs Python with pyspark and Java 17: `.ci/run` makes a venv and sets
//! `DELINEATE_SPARK_PYTHON` to its interpreter. Without it the tests skip with a message.

use std::path::{Path, PathBuf};
use std::process::Command;

fn python() -> Option<String> {
    let py = std::env::var("DELINEATE_SPARK_PYTHON").unwrap_or_else(|_| "python3".into());
    let ok = Command::new(&py)
        .args(["-c", "import pyspark"])
        .output()
        .is_ok_and(|o| o.status.success());
    let java = Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if ok && java {
        Some(py)
    } else {
        eprintln!(
            "skipped: no pyspark in {py} or no java (.ci/run installs both and sets DELINEATE_SPARK_PYTHON)"
        );
        None
    }
}

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("delineate")
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `delineate audit --json --top 1000 PATH`, run from the repository root.
fn local_audit(path: &str) -> Vec<u8> {
    let out = Command::new(bin())
        .current_dir(root())
        .args(["audit", "--json", "--top", "1000", path])
        .output()
        .unwrap();
    assert!(
        out.status.code().is_some_and(|c| c == 0 || c == 2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `spark_audit.py --master MASTER --shards N --json --top 1000 PATH`, its report and stderr.
fn spark_audit(
    py: &str,
    master: &str,
    shards: usize,
    path: &str,
    env: &[(&str, &str)],
) -> (i32, Vec<u8>, String) {
    let mut c = Command::new(py);
    c.current_dir(root())
        .arg("scripts/spark_audit.py")
        .args(["--master", master, "--shards", &shards.to_string()])
        .arg("--binary")
        .arg(bin())
        .args(["--json", "--top", "1000", path])
        .env("SPARK_LOCAL_IP", "127.0.0.1");
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_same(spark: &[u8], local: &[u8], what: &str) {
    assert!(!local.is_empty(), "{what}: the local audit wrote nothing");
    if spark != local {
        let at = spark
            .iter()
            .zip(local)
            .position(|(a, b)| a != b)
            .unwrap_or(spark.len().min(local.len()));
        let show = |b: &[u8]| {
            String::from_utf8_lossy(&b[at.saturating_sub(200)..(at + 200).min(b.len())])
                .into_owned()
        };
        panic!(
            "{what}: the reports differ at byte {at}:\nspark: {}\nlocal: {}",
            show(spark),
            show(local)
        );
    }
}

#[test]
fn spark_reports_equal_the_local_audit_in_3_and_7_shards() {
    let Some(py) = python() else { return };
    let local = local_audit("tests/fixtures");
    for shards in [3, 7] {
        let (code, report, err) = spark_audit(&py, "local[2]", shards, "tests/fixtures", &[]);
        assert_eq!(code, 0, "{shards} shards: {err}");
        assert_same(&report, &local, &format!("{shards} shards"));
    }
}

#[test]
fn a_shard_killed_once_is_retried_and_the_report_is_the_same() {
    let Some(py) = python() else { return };
    let local = local_audit("tests/fixtures");
    // local[2,2]: two threads, a task may fail twice (local mode retries only when told).
    let (code, report, err) = spark_audit(
        &py,
        "local[2,2]",
        3,
        "tests/fixtures",
        &[("DELINEATE_SPARK_FAIL_ONCE", "1")],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("injected failure"),
        "the shard did not fail: {err}"
    );
    assert_same(&report, &local, "after a retry");
    // Without retries the job fails, and says which shard and why.
    let (code, report, err) = spark_audit(
        &py,
        "local[2]",
        3,
        "tests/fixtures",
        &[("DELINEATE_SPARK_FAIL_ONCE", "1")],
    );
    assert_eq!(code, 2, "{err}");
    assert!(report.is_empty());
    assert!(
        err.contains("spark_audit.py: the Spark job failed") && err.contains("shard 1"),
        "{err}"
    );
}

#[test]
fn spark_on_reuters_equals_the_local_audit() {
    let path = "../shared/data/reuters21578/nltk-apte";
    if !root().join(path).is_dir() {
        eprintln!("skipped: {path} is not there (../shared/data is not part of a clone)");
        return;
    }
    let Some(py) = python() else { return };
    let local = local_audit(path);
    let (code, report, err) = spark_audit(&py, "local[2]", 7, path, &[]);
    assert_eq!(code, 0, "{err}");
    assert_same(&report, &local, "Reuters NLTK in 7 shards");
}

/// A corpus behind URIs (here `file://`; HDFS and S3 go the same way): Hadoop lists it,
/// `binaryFiles` reads each shard on its executor, the shard is staged in a local directory
/// and audited there with `--show-root`, so the report names every document by its URI — the
/// report a local `audit --root DIR --show-root URI` gives.
#[test]
fn a_corpus_behind_uris_is_reported_under_its_uris() {
    let Some(py) = python() else { return };
    let dir = root().join("tests/fixtures");
    let d = dir.to_str().unwrap();
    let uri = format!("file://{d}");
    let local = Command::new(bin())
        .args([
            "audit",
            "--json",
            "--top",
            "1000",
            "--root",
            d,
            "--show-root",
            &uri,
            d,
        ])
        .output()
        .unwrap();
    let (code, report, err) = spark_audit(&py, "local[2]", 3, &uri, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(String::from_utf8_lossy(&report).contains(&format!("\"path\":\"{uri}/")));
    assert_same(&report, &local.stdout, "file:// URIs in 3 shards");
}

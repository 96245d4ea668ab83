//! Unit tests of `cli::audit` (kept apart so the module reads as its job).

use super::*;

#[test]
fn fail_on_parses() {
    assert_eq!(
        parse_fail_on("replacement>0").unwrap(),
        FailOn {
            signal: Signal::Replacement,
            threshold: 0.0
        }
    );
    assert_eq!(
        parse_fail_on(" worst-score > 12.5").unwrap().signal,
        Signal::WorstScore
    );
    assert!(parse_fail_on("nonsense>1").is_err());
    assert!(parse_fail_on("mojibake").is_err());
    for bad in [
        "replacement>nan",
        "replacement>inf",
        "replacement>-inf",
        "replacement>",
    ] {
        assert!(parse_fail_on(bad).is_err(), "{bad}");
    }
}

/// The report JSON written with the documents rendered in parallel is the report as one
/// serde value (documents with every kind of damage, names with a bidi control to escape;
/// chunking itself is tested in `output`).
#[test]
fn parallel_audit_json_is_the_serial_one() {
    let items = corpus::test_items(40);
    let opts = AuditOptions::default();
    let p = corpus::audit_items(
        &items,
        &[],
        &opts,
        &Progress::default(),
        &AtomicBool::new(false),
    );
    let audit = corpus::report(&p, &opts);
    assert_eq!(audit.documents.len(), 40);
    let mut serial = Vec::new();
    super::super::output::json_line(&mut serial, &audit).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for pool in [None, Some(&pool)] {
        let mut parallel = Vec::new();
        audit_json(&mut parallel, &audit, pool).unwrap();
        assert_eq!(
            String::from_utf8(parallel).unwrap(),
            String::from_utf8(serial.clone()).unwrap()
        );
    }
}

//! Unit tests of `tui::app` (kept apart so the module reads as its job).

use super::*;

#[test]
fn offsets_and_queries() {
    assert_eq!(parse_offset("123", 0, 1000), Some(123));
    assert_eq!(parse_offset("0x7b", 0, 1000), Some(123));
    assert_eq!(parse_offset("+10", 5, 1000), Some(15));
    assert_eq!(parse_offset("-10", 5, 1000), Some(0));
    assert_eq!(parse_offset("50%", 0, 1000), Some(500));
    assert_eq!(parse_offset("x", 0, 1000), None);
    assert_eq!(parse_query("0x c3 a9"), Ok(Some(vec![0xC3, 0xA9])));
    assert_eq!(parse_query("\\xc3\\xa9"), Ok(Some(vec![0xC3, 0xA9])));
    assert_eq!(parse_query("résumé"), Ok(None));
    assert!(parse_query("0x c").is_err());
}

//! Unit tests of `langid` (kept apart so the module reads as its job).

use super::*;

#[test]
fn passages_are_paragraphs_and_sentence_windows() {
    let t = "First paragraph here.\n\n  Second one.\n \nThird.";
    let spans = passage_spans(t);
    let texts: Vec<&str> = spans.iter().map(|&(s, e)| &t[s..e]).collect();
    assert_eq!(texts, ["First paragraph here.", "Second one.", "Third."]);
    let long = "A sentence that goes on for a while. ".repeat(40);
    let spans = passage_spans(&long);
    assert!(spans.len() >= 3, "{spans:?}");
    assert!(spans.iter().all(|&(s, e)| e - s <= MAX_PASSAGE));
}

#[test]
fn bcp47_primary_codes() {
    assert_eq!(primary_code("en-GB"), "en");
    assert_eq!(primary_code("zlm-Latn"), "ms");
    assert_eq!(primary_code("iw"), "he");
}

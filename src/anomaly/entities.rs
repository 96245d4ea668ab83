//! Markup entities left undecoded in text: `&lt;`, `&amp;`, `&#233;`, `&nbsp;`. A tokenizer
//! turns each into a term (`lt`, `amp`, `233`, `nbsp`) — the Reuters `lt` problem of the seed,
//! where `&lt;` became the sixteenth most frequent term. Names are checked against the HTML5
//! entity table (quick-xml's), numeric references decoded; legacy names that browsers accept
//! without `;` (`&amp`, `&lt`) count too.

use super::{AnomalyClass, Finding, Sink};
use crate::visible::visible;
use std::borrow::Cow;

/// Legacy entity names that HTML parsers accept without a semicolon (a subset of the HTML
/// standard's list: the ones met in text).
const LEGACY_NO_SEMICOLON: &[&str] = &["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"];

/// Decodes the entity body (without `&` and `;`), if it is one.
fn resolve(body: &str) -> Option<String> {
    if let Some(num) = body.strip_prefix('#') {
        let v = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => num.parse::<u32>().ok()?,
        };
        return char::from_u32(v).map(|c| c.to_string());
    }
    quick_xml::escape::resolve_html5_entity(body).map(str::to_string)
}

/// Undecoded entities in `text`.
pub fn scan(text: &str) -> Vec<Finding> {
    let mut out = Sink::unbounded();
    scan_into(text, &mut out);
    out.kept
}

/// [`scan`] into a [`Sink`].
pub fn scan_into(text: &str, out: &mut Sink) {
    let b = text.as_bytes();
    for amp in memchr::memchr_iter(b'&', b) {
        let rest = &b[amp + 1..];
        let len = rest
            .iter()
            .take(32)
            .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'#')
            .count();
        if len == 0 {
            continue;
        }
        let body = &text[amp + 1..amp + 1 + len];
        let semicolon = rest.get(len) == Some(&b';');
        if !semicolon && !LEGACY_NO_SEMICOLON.contains(&body) {
            continue;
        }
        let Some(decoded) = resolve(body) else {
            continue;
        };
        if !out.keeps() {
            out.count(AnomalyClass::Entity, false);
            continue;
        }
        let end = amp + 1 + len + semicolon as usize;
        let entity = &text[amp..end];
        let term = body.trim_start_matches('#').to_lowercase();
        let mut f = Finding::new(
            AnomalyClass::Entity,
            text,
            amp,
            end,
            format!(
                "undecoded entity {entity} (= {}): a tokenizer indexes it as the term '{term}'",
                visible(&decoded, false)
            ),
        );
        f.suggestion = Some(Cow::Owned(decoded));
        out.push(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<(String, String)> {
        scan(text)
            .into_iter()
            .map(|f| {
                (
                    text[f.text_start..f.text_end].to_string(),
                    f.suggestion.unwrap().into_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn entities() {
        assert_eq!(
            found("VIACOM &lt;VIA> BID &amp; co &#233;t&#xE9; &nbsp;x &hellip;"),
            [
                ("&lt;".into(), "<".into()),
                ("&amp;".into(), "&".into()),
                ("&#233;".into(), "é".into()),
                ("&#xE9;".into(), "é".into()),
                ("&nbsp;".into(), "\u{a0}".into()),
                ("&hellip;".into(), "…".into()),
            ]
        );
        assert_eq!(
            found("AT&T and &lt without semicolon"),
            [("&lt".into(), "<".into())]
        );
        assert!(found("rock & roll, &unknown; &#xZZ;").is_empty());
        assert!(scan("&lt;")[0].reason.contains("term 'lt'"));
    }
}

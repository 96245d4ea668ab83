//! Making invisible and dangerous characters visible.
//!
//! A document's characters must never reach a terminal as control sequences, and invisible
//! characters must not hide in a report. [`visible`] replaces every character that would act on
//! a terminal or that renders as nothing with a visible placeholder: C0 controls with the
//! Unicode Control Pictures (U+2400 block, e.g. `␛` for ESC), DEL with `␡`, C1 controls,
//! bidirectional controls, zero-width and other format characters with a bracketed name
//! (`⟨RLO⟩`, `⟨ZWSP⟩`, `⟨U+0085⟩`). This is a text transformation, not terminal formatting: the
//! CLI and the explorer both use it.

/// Short names of the format and invisible characters most often met in text.
pub fn invisible_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{00AD}' => "SHY",
        '\u{034F}' => "CGJ",
        '\u{061C}' => "ALM",
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' => "HANGUL FILLER",
        '\u{180E}' => "MVS",
        '\u{200B}' => "ZWSP",
        '\u{200C}' => "ZWNJ",
        '\u{200D}' => "ZWJ",
        '\u{200E}' => "LRM",
        '\u{200F}' => "RLM",
        '\u{2028}' => "LSEP",
        '\u{2029}' => "PSEP",
        '\u{202A}' => "LRE",
        '\u{202B}' => "RLE",
        '\u{202C}' => "PDF",
        '\u{202D}' => "LRO",
        '\u{202E}' => "RLO",
        '\u{2060}' => "WJ",
        '\u{2061}' => "FUNCTION APPLICATION",
        '\u{2062}' => "INVISIBLE TIMES",
        '\u{2063}' => "INVISIBLE SEPARATOR",
        '\u{2064}' => "INVISIBLE PLUS",
        '\u{2066}' => "LRI",
        '\u{2067}' => "RLI",
        '\u{2068}' => "FSI",
        '\u{2069}' => "PDI",
        '\u{206A}'..='\u{206F}' => "DEPRECATED FORMAT",
        '\u{FEFF}' => "BOM",
        '\u{FFF9}'..='\u{FFFB}' => "ANNOTATION",
        _ => return None,
    })
}

/// True for characters a terminal may act on or that occupy no visible space.
pub fn needs_placeholder(c: char) -> bool {
    let u = c as u32;
    u < 0x20
        || (0x7F..=0x9F).contains(&u)
        || invisible_name(c).is_some()
        || (0xE0000..=0xE007F).contains(&u) // tag characters
        || (0xFE00..=0xFE0F).contains(&u) // variation selectors
        || (0xE0100..=0xE01EF).contains(&u)
}

/// The placeholder for one character (see the module docs), or `None` if it can be shown as is.
pub fn placeholder(c: char) -> Option<String> {
    let u = c as u32;
    if u < 0x20 {
        return Some(char::from_u32(0x2400 + u).unwrap_or('?').to_string());
    }
    if u == 0x7F {
        return Some("␡".to_string());
    }
    if let Some(name) = invisible_name(c) {
        return Some(format!("⟨{name}⟩"));
    }
    if needs_placeholder(c) {
        return Some(format!("⟨U+{u:04X}⟩"));
    }
    None
}

/// `text` with every character that needs one replaced by its placeholder. With
/// `keep_newlines`, LF (and CR before it) pass through so multi-line text keeps its lines.
pub fn visible(text: &str, keep_newlines: bool) -> String {
    if !text.chars().any(needs_placeholder) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if keep_newlines && c == '\n' {
            out.push('\n');
            continue;
        }
        if keep_newlines && c == '\t' {
            out.push('\t');
            continue;
        }
        match placeholder(c) {
            Some(p) => out.push_str(&p),
            None => out.push(c),
        }
    }
    out
}

/// A file name as text, losing nothing: its UTF-8 as it is, every byte that is not UTF-8 as
/// `\xFF` (Unix names are bytes; `Path::display` would make two names look alike with
/// U+FFFD). Control characters stay as they are: reports show the name through [`visible`]
/// (or [`path_text`]), JSON escapes them.
pub fn path_name(p: &std::path::Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    if let Some(s) = p.to_str() {
        return s.to_owned();
    }
    let bytes = p.as_os_str().as_bytes();
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// A file name as a terminal may show it: [`path_name`] with controls, bidi and invisible
/// characters as placeholders.
pub fn path_text(p: &std::path::Path) -> String {
    visible(&path_name(p), false)
}

/// The raw bytes of a file name when they are not UTF-8 (for JSON, which cannot hold them in
/// a string): what [`path_name`] escaped, to reopen the file exactly.
pub fn path_bytes(p: &std::path::Path) -> Option<Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    p.to_str()
        .is_none()
        .then(|| p.as_os_str().as_bytes().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_become_pictures() {
        assert_eq!(visible("a\x1b[2Jb", false), "a␛[2Jb");
        assert_eq!(visible("x\u{7}\u{0}", false), "x␇␀");
        assert_eq!(visible("a\nb", false), "a␊b");
        assert_eq!(visible("a\nb", true), "a\nb");
        assert_eq!(visible("\u{85}\u{9b}", false), "⟨U+0085⟩⟨U+009B⟩");
        assert_eq!(visible("\u{7f}", false), "␡");
    }

    #[test]
    fn invisibles_get_names() {
        assert_eq!(
            visible("a\u{202E}b\u{200B}c\u{AD}d\u{FEFF}", false),
            "a⟨RLO⟩b⟨ZWSP⟩c⟨SHY⟩d⟨BOM⟩"
        );
        assert_eq!(visible("résumé", false), "résumé");
        assert_eq!(visible("\u{E0041}", false), "⟨U+E0041⟩");
    }

    #[test]
    fn names_that_are_not_utf8_keep_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let p = std::path::Path::new(std::ffi::OsStr::from_bytes(b"caf\xe9-\xff\x1b[2J.txt"));
        assert_eq!(path_name(p), "caf\\xE9-\\xFF\x1b[2J.txt");
        assert_eq!(path_text(p), "caf\\xE9-\\xFF␛[2J.txt");
        assert_eq!(path_bytes(p).unwrap(), b"caf\xe9-\xff\x1b[2J.txt");
        let q = std::path::Path::new(std::ffi::OsStr::from_bytes(b"caf\xef\xbf\xbd"));
        assert_ne!(path_name(p), path_name(q));
        assert_eq!(path_bytes(std::path::Path::new("résumé.txt")), None);
    }

    #[test]
    fn nothing_dangerous_survives() {
        let all: String = (0u32..0x110000).filter_map(char::from_u32).collect();
        let v = visible(&all, false);
        assert!(
            !v.chars()
                .any(|c| (c as u32) < 0x20 || (0x7F..=0x9F).contains(&(c as u32)))
        );
        assert!(!v.contains('\u{202E}') && !v.contains('\u{2066}') && !v.contains('\u{2028}'));
    }
}

//! Whether embedded metadata can be trusted. The seed warns that fields are "often missing,
//! stale, or inherited from a template (a report whose author is whoever created the
//! template)". These checks put a note on values that look like that: default account and tool
//! names as authors, template titles, a creation date after the modification date.

use super::DocumentUnit;
use super::diagnostic::{Diagnostic, DiagnosticKind};

/// Author values that name an account or a tool's default, not a person.
const DEFAULT_AUTHORS: &[&str] = &[
    "administrator",
    "admin",
    "user",
    "owner",
    "author",
    "unknown",
    "default",
    "microsoft office user",
    "windows user",
    "office user",
    "utilisateur",
    "benutzer",
    "usuario",
    "python-docx",
    "openpyxl",
    "python-pptx",
    "apache poi",
    "root",
];

/// Titles that templates and tools put in by default.
const DEFAULT_TITLES: &[&str] = &[
    "untitled",
    "untitled document",
    "document",
    "document1",
    "title",
    "presentation",
    "powerpoint presentation",
    "slide 1",
    "book1",
    "workbook",
    "new document",
    "template",
];

const AUTHOR_FIELDS: &[&str] = &[
    "author",
    "creator",
    "initial-creator",
    "last-modified-by",
    "dc.creator",
];
const TITLE_FIELDS: &[&str] = &["title", "dc.title"];

/// Adds trust notes to the unit's metadata, and a diagnostic for each.
pub fn check(u: &mut DocumentUnit) {
    let mut notes: Vec<(usize, String)> = Vec::new();
    for (i, m) in u.metadata.iter().enumerate() {
        let v = m.value.trim().to_lowercase();
        if AUTHOR_FIELDS.contains(&m.name.as_str()) && DEFAULT_AUTHORS.contains(&v.as_str()) {
            notes.push((
                i,
                format!(
                    "'{}' is a default account or tool name: probably from a template or the program, not the person who wrote it",
                    m.value
                ),
            ));
        }
        if TITLE_FIELDS.contains(&m.name.as_str())
            && (DEFAULT_TITLES.contains(&v.as_str()) || v.starts_with("microsoft word - "))
        {
            notes.push((
                i,
                format!(
                    "'{}' is a default title: probably left over from a template",
                    m.value
                ),
            ));
        }
    }
    let created = u.meta_value("created").map(str::to_string);
    let modified = u.meta_value("modified").map(str::to_string);
    if let (Some(c), Some(m)) = (created, modified)
        && let (Some(ck), Some(mk)) = (date_key(&c), date_key(&m))
        && ck > mk
        && let Some(i) = u.metadata.iter().position(|x| x.name == "created")
    {
        notes.push((
            i,
            format!(
                "created {c} is after modified {m}: one of them is wrong (a copied file or a template's date)"
            ),
        ));
    }
    for (i, note) in notes {
        let m = &mut u.metadata[i];
        m.trust = Some(match m.trust.take() {
            Some(prev) => format!("{prev}; {note}"),
            None => note.clone(),
        });
        let name = m.name.clone();
        u.diagnostics.push(Diagnostic::new(
            DiagnosticKind::MetadataTrust,
            format!("metadata {name}: {note}"),
        ));
    }
}

/// A comparable key of an ISO 8601 or PDF date (`2026-11-30T10:00:00Z`, `D:20261130100000`):
/// its digits, up to seconds.
fn date_key(s: &str) -> Option<String> {
    let digits: String = s
        .trim_start_matches("D:")
        .chars()
        .take_while(|c| !matches!(c, '+' | 'Z' | 'z'))
        .filter(char::is_ascii_digit)
        .take(14)
        .collect();
    (digits.len() >= 8).then(|| format!("{digits:0<14}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::Locator;
    use crate::format::Format;

    #[test]
    fn template_signs() {
        let mut u = DocumentUnit::new("x", Locator::File, Format::Docx, String::new());
        u.meta("creator", "Microsoft Office User");
        u.meta("title", "Document1");
        u.meta("created", "2026-11-30T10:00:00Z");
        u.meta("modified", "2024-01-02T09:00:00Z");
        u.meta("last-modified-by", "Ana Silva");
        check(&mut u);
        let trusted: Vec<bool> = u.metadata.iter().map(|m| m.trust.is_none()).collect();
        assert_eq!(trusted, vec![false, false, false, true, true]);
        assert_eq!(u.diagnostics.len(), 3);
        assert!(date_key("D:20261130").is_some());
    }
}

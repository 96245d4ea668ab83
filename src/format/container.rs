//! Looking inside a ZIP archive to say which format it carries: OOXML names its parts in
//! `[Content_Types].xml` (ECMA-376 Part 2 §10.1), ODF and EPUB store their MIME type uncompressed
//! in a first entry called `mimetype` (ODF 1.2 Part 3 §3.3; EPUB OCF §4.2.2), a JAR has
//! `META-INF/MANIFEST.MF`. Only the central directory and the tiny `mimetype` entry are read.

use super::Format;
use crate::source::{Input, InputReader};
use std::io::Read;

/// What the look inside found.
#[derive(Debug, Default)]
pub struct ZipPeek {
    /// The inner format and the entry that shows it.
    pub format: Option<(Format, String)>,
    /// Damage or protection worth telling (an unreadable directory, encrypted entries).
    pub notes: Vec<super::FormatNote>,
}

/// Entries examined by [`super::identify`] when no extraction limit applies (a directory of
/// millions of entries is itself a warning sign).
pub const MAX_PEEK_ENTRIES: usize = 100_000;

/// The number of entries a ZIP archive's end-of-central-directory record announces (its ZIP64
/// form when the plain one says 0xFFFF), read from the last 64 KiB without parsing the
/// directory: an archive with millions of entries is refused before it costs their memory
/// (APPNOTE.TXT §4.3.14–16).
pub fn zip_entry_count(tail: &[u8]) -> Option<u64> {
    let eocd = memchr::memmem::rfind(tail, b"PK\x05\x06")?;
    let rec = tail.get(eocd..eocd + 22)?;
    let total = u16::from_le_bytes([rec[10], rec[11]]) as u64;
    if total != 0xFFFF {
        return Some(total);
    }
    // ZIP64: the locator sits just before; the record it points to may lie before the tail,
    // so look for the record itself in the tail.
    let z64 = memchr::memmem::rfind(&tail[..eocd], b"PK\x06\x06")?;
    let rec = tail.get(z64..z64 + 40)?;
    Some(u64::from_le_bytes(rec[32..40].try_into().ok()?))
}

/// The tail of `input` where the end-of-central-directory record lies (at most 64 KiB of
/// comment after it).
pub fn zip_tail(input: &Input) -> Vec<u8> {
    let len = input.len();
    input
        .read_range(len.saturating_sub(65_557 + 56), len)
        .unwrap_or_default()
}

/// Tells the format inside a ZIP archive, examining at most `max_entries` entries (more is
/// noted as a [`super::NoteKind::TooManyEntries`], the directory left unparsed).
pub fn peek_zip(input: &Input, max_entries: usize) -> ZipPeek {
    let mut out = ZipPeek::default();
    if let Some(n) = zip_entry_count(&zip_tail(input))
        && n > max_entries as u64
    {
        out.notes.push(super::FormatNote {
            kind: super::NoteKind::TooManyEntries {
                entries: n,
                limit: max_entries,
            },
            text: format!(
                "{n} entries in the archive, more than the {max_entries} examined: not looked inside"
            ),
        });
        return out;
    }
    let mut zip = match zip::ZipArchive::new(InputReader::new(input)) {
        Ok(z) => z,
        Err(e) => {
            out.notes.push(super::FormatNote::damaged(format!(
                "the ZIP central directory could not be read ({e}): the archive is truncated or damaged"
            )));
            return out;
        }
    };
    let names: Vec<String> = zip
        .file_names_raw()
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect();
    let has = |n: &str| names.iter().any(|x| x == n);
    let encrypted = (0..zip.len())
        .filter(|&i| zip.by_index_raw(i).is_ok_and(|f| f.encrypted()))
        .count();
    if encrypted > 0 {
        out.notes.push(super::FormatNote {
            kind: super::NoteKind::Encrypted,
            text: format!(
                "{encrypted} of {} entries are password-protected: their content cannot be read",
                zip.len()
            ),
        });
    }
    if has("mimetype") {
        let mut mime = String::new();
        if let Ok(f) = zip.by_name("mimetype") {
            let _ = f.take(200).read_to_string(&mut mime);
        }
        let mime = mime.trim().to_string();
        let f = match mime.as_str() {
            "application/vnd.oasis.opendocument.text" => Some(Format::Odt),
            "application/vnd.oasis.opendocument.spreadsheet" => Some(Format::Ods),
            "application/vnd.oasis.opendocument.presentation" => Some(Format::Odp),
            "application/epub+zip" => Some(Format::Epub),
            _ => None,
        };
        if let Some(f) = f {
            out.format = Some((f, format!("entry `mimetype` says {mime}")));
            return out;
        }
    }
    if has("[Content_Types].xml") {
        let (f, part) = if has("word/document.xml") {
            (Some(Format::Docx), "word/document.xml")
        } else if has("xl/workbook.xml") {
            (Some(Format::Xlsx), "xl/workbook.xml")
        } else if has("ppt/presentation.xml") {
            (Some(Format::Pptx), "ppt/presentation.xml")
        } else {
            (None, "")
        };
        if let Some(f) = f {
            out.format = Some((
                f,
                format!("entries `[Content_Types].xml` and `{part}` (Office Open XML)"),
            ));
            return out;
        }
        out.notes.push(super::FormatNote::damaged(
            "has `[Content_Types].xml` but no Word, Excel or PowerPoint main part",
        ));
    }
    if has("META-INF/MANIFEST.MF") {
        out.format = Some((Format::Jar, "entry `META-INF/MANIFEST.MF`".to_string()));
    }
    out
}

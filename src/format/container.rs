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
    pub notes: Vec<String>,
}

/// Entry count above which the archive is not examined further (a directory of millions of
/// entries is itself a warning sign).
pub const MAX_PEEK_ENTRIES: usize = 100_000;

/// Tells the format inside a ZIP archive.
pub fn peek_zip(input: &Input) -> ZipPeek {
    let mut out = ZipPeek::default();
    let mut zip = match zip::ZipArchive::new(InputReader::new(input)) {
        Ok(z) => z,
        Err(e) => {
            out.notes.push(format!(
                "the ZIP central directory could not be read ({e}): the archive is truncated or damaged"
            ));
            return out;
        }
    };
    if zip.len() > MAX_PEEK_ENTRIES {
        out.notes.push(format!(
            "{} entries: too many to examine (limit {MAX_PEEK_ENTRIES})",
            zip.len()
        ));
        return out;
    }
    let names: Vec<String> = zip
        .file_names_raw()
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect();
    let has = |n: &str| names.iter().any(|x| x == n);
    let encrypted = (0..zip.len())
        .filter(|&i| zip.by_index_raw(i).is_ok_and(|f| f.encrypted()))
        .count();
    if encrypted > 0 {
        out.notes.push(format!(
            "{encrypted} of {} entries are password-protected: their content cannot be read",
            zip.len()
        ));
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
        out.notes.push(
            "has `[Content_Types].xml` but no Word, Excel or PowerPoint main part".to_string(),
        );
    }
    if has("META-INF/MANIFEST.MF") {
        out.format = Some((Format::Jar, "entry `META-INF/MANIFEST.MF`".to_string()));
    }
    out
}

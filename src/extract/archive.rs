//! ZIP containers read within limits: the entry count before the directory is parsed, entries
//! that overlap (an overlapping zip bomb), each entry's claimed and inflated size against the
//! entry limit, the ratio limit and the inflation budget every archive nested in one document
//! shares; entry names that would escape the archive.

use super::error::{ExtractError, LimitKind};
use super::{InflateBudget, Limits, decode_text};
use crate::format;
use std::io::{Cursor, Read};

/// A ZIP archive read within limits.
pub struct Zip<'a> {
    pub(super) archive: zip::ZipArchive<Cursor<&'a [u8]>>,
    pub(super) limits: Limits,
    pub(super) total: u64,
    /// Shared with the archives around this one and inside it.
    pub(super) budget: InflateBudget,
}

impl<'a> Zip<'a> {
    /// Opens the archive; refuses one with more entries than the limit (counted before the
    /// directory is parsed, from the end record) or whose entries overlap.
    pub fn open(
        bytes: &'a [u8],
        limits: &Limits,
        budget: InflateBudget,
    ) -> Result<Self, ExtractError> {
        let tail = &bytes[bytes.len().saturating_sub(65_557 + 56)..];
        if let Some(n) = format::container::zip_entry_count(tail)
            && n > limits.max_entries as u64
        {
            return Err(ExtractError::limit(
                LimitKind::Entries,
                format!(
                    "{n} entries in the archive, more than the limit of {}",
                    limits.max_entries
                ),
            ));
        }
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
            ExtractError::damaged(format!(
                "the ZIP archive cannot be read ({e}): truncated or damaged"
            ))
        })?;
        if archive.len() > limits.max_entries {
            return Err(ExtractError::limit(
                LimitKind::Entries,
                format!(
                    "{} entries in the archive, more than the limit of {}",
                    archive.len(),
                    limits.max_entries
                ),
            ));
        }
        refuse_overlaps(&mut archive)?;
        Ok(Zip {
            archive,
            limits: limits.clone(),
            total: 0,
            budget,
        })
    }

    /// Entry names, in directory order.
    pub fn names(&self) -> Vec<String> {
        self.archive
            .file_names_raw()
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .collect()
    }

    /// The bytes of entry `name` (`Ok(None)` when there is no such entry).
    pub fn read(&mut self, name: &str) -> Result<Option<Vec<u8>>, ExtractError> {
        let Some(i) = self.archive.index_for_name(name) else {
            return Ok(None);
        };
        let lim = &self.limits;
        let left = lim.max_total_bytes.saturating_sub(self.total);
        let shared = self.budget.left();
        let cap = lim.max_entry_bytes.min(left).min(shared);
        let f = self
            .archive
            .by_index(i)
            .map_err(|e| ExtractError::damaged(format!("entry {name}: {e}")))?;
        // Where the entry's local header starts, so an error can be found in the bytes.
        let name = &format!("{name} (at byte {})", f.header_start());
        if f.encrypted() {
            return Err(ExtractError::Encrypted(format!(
                "entry {name} is password-protected"
            )));
        }
        let compressed = f.compressed_size().max(1);
        let claimed = f.size();
        if claimed > cap && shared < lim.max_entry_bytes.min(left) {
            self.budget.refuse();
            return Err(ExtractError::limit(
                LimitKind::ArchiveTotal,
                format!(
                    "entry {name} claims {claimed} bytes uncompressed, but only {shared} bytes are left of the {} that all archives nested in this document may inflate together (a nested zip bomb?)",
                    lim.max_total_bytes
                ),
            ));
        }
        if claimed > cap {
            return Err(ExtractError::limit(
                LimitKind::for_cap(cap, lim.max_entry_bytes),
                format!(
                    "entry {name} claims {claimed} bytes uncompressed, more than the limit of {cap}"
                ),
            ));
        }
        let mut out = Vec::new();
        let mut r = f.take(cap + 1);
        r.read_to_end(&mut out)
            .map_err(|e| ExtractError::damaged(format!("entry {name} cannot be inflated: {e}")))?;
        if out.len() as u64 > cap && shared < lim.max_entry_bytes.min(left) {
            self.budget.refuse();
            return Err(ExtractError::limit(
                LimitKind::ArchiveTotal,
                format!(
                    "entry {name} inflates past the {shared} bytes left of the {} that all archives nested in this document may inflate together (a nested zip bomb?)",
                    lim.max_total_bytes
                ),
            ));
        }
        if out.len() as u64 > cap {
            return Err(ExtractError::damaged(format!(
                "entry {name} inflates past {cap} bytes although its header says {claimed}: a zip bomb or a damaged archive"
            )));
        }
        let n = out.len() as u64;
        if n > (1 << 20) && n / compressed > lim.max_ratio {
            return Err(ExtractError::limit(
                LimitKind::Ratio,
                format!(
                    "entry {name} inflates {}:1 ({compressed} → {n} bytes), beyond the ratio limit of {}:1 (a zip bomb)",
                    n / compressed,
                    lim.max_ratio
                ),
            ));
        }
        self.total += n;
        self.budget.spend(n);
        Ok(Some(out))
    }

    /// Entry `name` as text (XML parts are UTF-8 or UTF-16 with a BOM or declaration).
    pub fn read_text(&mut self, name: &str) -> Result<Option<String>, ExtractError> {
        Ok(self
            .read(name)?
            .map(|b| decode_text(name, b, Some("application/xml")).text))
    }
}

/// Refuses an archive whose entries share bytes: an "overlapping" zip bomb points thousands
/// of directory entries at one local file, so one deflate stream is inflated thousands of
/// times, each within every per-entry limit (Fifield, "A better zip bomb", 2019; Info-ZIP
/// UnZip 6.1 refuses them the same way). Each entry spans its local header to the end of its
/// data; sorted by start, each must end before the next begins.
pub(super) fn refuse_overlaps(
    archive: &mut zip::ZipArchive<Cursor<&[u8]>>,
) -> Result<(), ExtractError> {
    let mut spans: Vec<(u64, u64, usize)> = Vec::with_capacity(archive.len());
    for i in 0..archive.len() {
        let Ok(f) = archive.by_index_raw(i) else {
            continue;
        };
        let start = f.header_start();
        let data = f.data_start().unwrap_or(start + 30);
        spans.push((start, data.saturating_add(f.compressed_size()), i));
    }
    spans.sort_unstable();
    for w in spans.windows(2) {
        let ((a_start, a_end, a), (b_start, _, b)) = (w[0], w[1]);
        if b_start < a_end {
            let name = |i: usize| match archive.name_for_index(i) {
                Some(Ok(n)) => n.into_owned(),
                _ => format!("#{i}"),
            };
            let sharing = spans
                .iter()
                .filter(|s| s.0 < a_end && s.0 >= a_start)
                .count();
            return Err(ExtractError::damaged(format!(
                "entries {} and {} share bytes {b_start}–{a_end} ({sharing} entries start inside one entry's data): an overlapping zip bomb",
                name(a),
                name(b)
            )));
        }
    }
    Ok(())
}

/// Does a ZIP entry name leave the directory it would be unpacked in (`../x`, `/etc/x`,
/// `C:\\x`, `a/../../x`)?
pub(super) fn escapes_archive(name: &str) -> bool {
    let n = name.replace('\\', "/");
    if n.starts_with('/') || n.as_bytes().get(1) == Some(&b':') {
        return true;
    }
    let mut depth: i64 = 0;
    for part in n.split('/') {
        match part {
            ".." => depth -= 1,
            "" | "." => {}
            _ => depth += 1,
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

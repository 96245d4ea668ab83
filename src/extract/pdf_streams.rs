//! Bounded loading of a PDF: what lopdf would decompress or build, measured before it does.
//!
//! lopdf decompresses streams whole into memory, and some of them while it loads the file (the
//! cross-reference streams that say where objects are, and the object streams that hold them),
//! before any check on the loaded document can run. Its parsed objects also cost about twenty
//! times their size in the file (a 150-byte page dictionary is some 3 KB of maps). So:
//!
//! * [`prescan`] finds the cross-reference streams in the raw bytes and inflates each into a
//!   counting sink, refusing a file whose one stream would inflate past the entry limit;
//! * [`load`] hands lopdf a filter that sees every object as it is parsed: object streams are
//!   measured before lopdf unpacks them, and the memory of the parsed objects is estimated
//!   and bounded (`--max-pdf-objects-mb`; 200,000 one-page objects take about 640 MB);
//! * [`check_sizes`] measures every stream of the loaded document under its whole filter chain
//!   (Flate, LZW, ASCII85, in any order and depth: Flate inside Flate multiplies ratios)
//!   against the entry limit, the document's total and the budget shared with the archives
//!   the PDF is nested in.
//!
//! Filters per ISO 32000-1 §7.4; stream objects never sit inside object streams (§7.5.7).

use super::InflateBudget;
use super::error::{ExtractError, LimitKind};
use lopdf::{Document, LoadOptions, Object, ObjectId, Stream};
use std::cell::Cell;
use std::io::{Read, Write};

/// How many bytes `data` decodes to under `filters` (in decoding order), counting at most
/// `cap + 1`: a result above `cap` means "more than `cap`". `None` for a filter lopdf does not
/// decode either (it then keeps the data as it is) or data that does not decode.
pub fn decoded_len(filters: &[Vec<u8>], data: &[u8], cap: u64) -> Option<u64> {
    // The output of the previous stage, once there was one.
    let mut stage: Option<Vec<u8>> = None;
    for (i, f) in filters.iter().enumerate() {
        let last = i + 1 == filters.len();
        let input: &[u8] = stage.as_deref().unwrap_or(data);
        let next = match f.as_slice() {
            b"FlateDecode" | b"Fl" => {
                let mut r = flate2::read::ZlibDecoder::new(input).take(cap + 1);
                if last {
                    return Some(std::io::copy(&mut r, &mut std::io::sink()).unwrap_or(0));
                }
                let mut out = Vec::new();
                let _ = r.read_to_end(&mut out);
                out
            }
            b"LZWDecode" | b"LZW" => {
                let mut w = Capped {
                    out: (!last).then(Vec::new),
                    n: 0,
                    cap: cap + 1,
                };
                let mut d = weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
                let _ = d.into_stream(&mut w).decode_all(input);
                if last {
                    return Some(w.n);
                }
                w.out.unwrap_or_default()
            }
            b"ASCII85Decode" | b"A85" => {
                // At most four bytes per input byte (`z`): decoded by lopdf itself.
                let mut s = Stream::new(lopdf::dictionary! {}, input.to_vec());
                s.dict
                    .set("Filter", Object::Name(b"ASCII85Decode".to_vec()));
                s.decompressed_content().ok()?
            }
            _ => return None,
        };
        if next.len() as u64 > cap {
            return Some(cap + 1);
        }
        stage = Some(next);
    }
    Some(stage.map_or(data.len(), |s| s.len()) as u64)
}

/// A writer that counts, keeps bytes only when asked, and fails past `cap`.
struct Capped {
    out: Option<Vec<u8>>,
    n: u64,
    cap: u64,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = self.cap.saturating_sub(self.n) as usize;
        let take = buf.len().min(room);
        self.n += take as u64;
        if let Some(o) = &mut self.out {
            o.extend_from_slice(&buf[..take]);
        }
        if take < buf.len() {
            return Err(std::io::Error::other("limit"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The names of a stream's filters, in decoding order.
fn filters_of(s: &Stream) -> Vec<Vec<u8>> {
    s.filters()
        .map(|f| f.into_iter().map(<[u8]>::to_vec).collect())
        .unwrap_or_default()
}

/// Refuses a file whose cross-reference stream (`/Type /XRef`, which lopdf inflates while it
/// loads, before [`check_sizes`] can look) would inflate past `cap` bytes. The stream's
/// dictionary is read as text between the `obj` keyword and the `stream` keyword.
pub fn prescan(bytes: &[u8], cap: u64) -> Result<(), ExtractError> {
    const WINDOW: usize = 4096;
    for hit in memchr::memmem::find_iter(bytes, b"/XRef") {
        if bytes
            .get(hit + 5)
            .is_some_and(|b| b.is_ascii_alphanumeric())
        {
            continue; // `/XRefStm`, a trailer key
        }
        let after = &bytes[hit..(hit + WINDOW).min(bytes.len())];
        let Some(k) = memchr::memmem::find(after, b"stream") else {
            continue;
        };
        let mut data = hit + k + 6;
        if bytes.get(data) == Some(&b'\r') {
            data += 1;
        }
        if bytes.get(data) == Some(&b'\n') {
            data += 1;
        }
        let from = hit.saturating_sub(WINDOW);
        let mut start = memchr::memmem::rfind(&bytes[from..hit], b"obj").map_or(from, |o| from + o);
        // Back over `12 0 ` to where the object's header begins.
        while start > from && matches!(bytes[start - 1], b'0'..=b'9' | b' ') {
            start -= 1;
        }
        let dict = &bytes[start..hit + k];
        let mut filters = Vec::new();
        for (name, full) in [
            (&b"/LZW"[..], &b"LZWDecode"[..]),
            (b"/Fl", b"FlateDecode"),
            (b"/A85", b"ASCII85Decode"),
            (b"/ASCII85", b"ASCII85Decode"),
        ] {
            if let Some(at) = memchr::memmem::find(dict, name) {
                filters.push((at, full.to_vec()));
            }
        }
        filters.sort();
        let filters: Vec<Vec<u8>> = filters.into_iter().map(|(_, f)| f).collect();
        if filters.is_empty() {
            continue;
        }
        if decoded_len(&filters, &bytes[data..], cap).is_some_and(|n| n > cap) {
            return Err(ExtractError::limit(
                LimitKind::EntrySize,
                format!(
                    "the cross-reference stream at byte {start} inflates past {cap} bytes: a PDF bomb or a damaged file"
                ),
            ));
        }
    }
    Ok(())
}

/// What the load filter counts, per loading thread (lopdf's filter is a plain `fn`).
#[derive(Clone, Copy, Default)]
struct LoadState {
    used: u64,
    /// Memory the parsed objects may take (their maps and arrays, not stream data, which the
    /// input limit bounds).
    memory_cap: u64,
    entry_cap: u64,
    over_memory: bool,
    /// An object stream too big to unpack: its object number and compressed size.
    bomb: Option<(u32, usize)>,
}

thread_local! {
    static LOAD: Cell<LoadState> = const {
        Cell::new(LoadState { used: 0, memory_cap: 0, entry_cap: 0, over_memory: false, bomb: None })
    };
}

/// Estimated heap bytes of a parsed object (lopdf's maps and arrays; not stream data).
/// Nesting is bounded by lopdf's parser (100 levels).
fn estimate(o: &Object) -> usize {
    const OBJ: usize = std::mem::size_of::<Object>();
    match o {
        Object::String(v, _) | Object::Name(v) => v.capacity() + 16,
        Object::Array(a) => a.capacity() * OBJ + 32 + a.iter().map(estimate).sum::<usize>(),
        Object::Dictionary(d) => estimate_dict(d),
        Object::Stream(s) => estimate_dict(&s.dict),
        _ => 0,
    }
}

fn estimate_dict(d: &lopdf::Dictionary) -> usize {
    const OBJ: usize = std::mem::size_of::<Object>();
    // An index map: the entries (key, value, hash) and the hash table over them.
    160 + d.len() * (OBJ + 64)
        + d.iter()
            .map(|(k, v)| k.capacity() + 16 + estimate(v))
            .sum::<usize>()
}

/// lopdf's load filter: counts each object's memory and measures object streams before lopdf
/// unpacks them. Streams are returned as `Null` (lopdf keeps its own copy of a top-level
/// object and uses the returned one only for objects inside object streams, which are never
/// streams); other objects are returned as a copy.
fn keep(id: ObjectId, o: &mut Object) -> Option<(ObjectId, Object)> {
    let mut st = LOAD.with(Cell::get);
    st.used = st
        .used
        .saturating_add((estimate(o) + std::mem::size_of::<Object>() + 48) as u64);
    if st.used > st.memory_cap {
        st.over_memory = true;
        LOAD.with(|c| c.set(st));
        return None;
    }
    if let Object::Stream(s) = o
        && s.dict.has_type(b"ObjStm")
        && decoded_len(&filters_of(s), &s.content, st.entry_cap).is_some_and(|n| n > st.entry_cap)
    {
        st.bomb.get_or_insert((id.0, s.content.len()));
        s.set_content(Vec::new());
    }
    LOAD.with(|c| c.set(st));
    Some((
        id,
        if matches!(o, Object::Stream(_)) {
            Object::Null
        } else {
            o.clone()
        },
    ))
}

/// Loads `bytes` with lopdf within the bounds in the module docs: one stream may inflate to
/// `limits.max_entry_bytes`, the parsed objects take `limits.max_pdf_object_bytes`.
pub fn load(bytes: &[u8], limits: &super::Limits) -> Result<Document, ExtractError> {
    let entry_cap = limits.max_entry_bytes;
    prescan(bytes, entry_cap)?;
    LOAD.with(|c| {
        c.set(LoadState {
            entry_cap,
            memory_cap: limits.max_pdf_object_bytes,
            ..Default::default()
        })
    });
    let r = Document::load_mem_with_options(
        bytes,
        LoadOptions {
            filter: Some(keep),
            ..Default::default()
        },
    );
    let st = LOAD.with(|c| c.replace(LoadState::default()));
    if st.over_memory {
        return Err(ExtractError::limit(
            LimitKind::PdfObjects,
            format!(
                "its objects would take more than {} MiB of memory once parsed: not extracted",
                limits.max_pdf_object_bytes >> 20
            ),
        ));
    }
    if let Some((n, len)) = st.bomb {
        return Err(ExtractError::limit(
            LimitKind::EntrySize,
            format!(
                "object stream {n} 0 R inflates past {entry_cap} bytes from {len} compressed: a PDF bomb or a damaged file"
            ),
        ));
    }
    r.map_err(|e| ExtractError::damaged(format!("lopdf cannot parse it: {e}")))
}

/// Checks that no stream of `doc` decodes past `max_stream` bytes, and all of them together
/// past `max_total` or past what the archives this PDF is nested in left of their budget, by
/// decoding each into a counting sink (lopdf and pdf-extract would hold them in memory).
pub fn check_sizes(
    doc: &Document,
    max_stream: u64,
    max_total: u64,
    budget: &InflateBudget,
) -> Result<(), ExtractError> {
    let mut total = 0u64;
    for (id, obj) in &doc.objects {
        let Ok(stream) = obj.as_stream() else {
            continue;
        };
        let filters = filters_of(stream);
        if filters.is_empty() {
            continue;
        }
        let own = max_stream.min(max_total.saturating_sub(total));
        // A PDF inside an archive inside a document shares that document's budget.
        let shared = budget.left();
        let cap = own.min(shared);
        let Some(n) = decoded_len(&filters, &stream.content, cap) else {
            continue;
        };
        budget.spend(n.min(cap));
        if n > cap && shared < own {
            budget.refuse();
            return Err(ExtractError::limit(
                LimitKind::ArchiveTotal,
                format!(
                    "stream {} {} R inflates past the {shared} bytes left of what all archives and PDFs nested in this document may inflate together (a nested bomb?)",
                    id.0, id.1
                ),
            ));
        }
        if n > cap {
            let at = match doc.reference_table.get(id.0) {
                Some(lopdf::xref::XrefEntry::Normal { offset, .. }) => {
                    format!(" (object at byte {offset})")
                }
                _ => String::new(),
            };
            return Err(ExtractError::limit(
                LimitKind::for_cap(cap, max_stream),
                format!(
                    "stream {} {} R{at} inflates past {cap} bytes from {} compressed: a PDF bomb or a damaged file",
                    id.0,
                    id.1,
                    stream.content.len()
                ),
            ));
        }
        total += n;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zlib(data: &[u8]) -> Vec<u8> {
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        z.write_all(data).unwrap();
        z.finish().unwrap()
    }

    #[test]
    fn chains_multiply_and_are_measured_whole() {
        let inner = zlib(&vec![b'a'; 1 << 20]);
        let outer = zlib(&inner);
        let fl = b"FlateDecode".to_vec();
        assert_eq!(
            decoded_len(std::slice::from_ref(&fl), &inner, 10 << 20),
            Some(1 << 20)
        );
        assert_eq!(
            decoded_len(&[fl.clone(), fl.clone()], &outer, 10 << 20),
            Some(1 << 20)
        );
        assert_eq!(decoded_len(&[fl.clone(), fl], &outer, 1000), Some(1001));
        let mut lzw = weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
        let packed = lzw.encode(&vec![b'b'; 100_000]).unwrap();
        let l = b"LZWDecode".to_vec();
        assert_eq!(
            decoded_len(std::slice::from_ref(&l), &packed, 1 << 20),
            Some(100_000)
        );
        assert_eq!(decoded_len(&[l], &packed, 5_000), Some(5_001));
        assert_eq!(decoded_len(&[b"DCTDecode".to_vec()], b"x", 10), None);
    }

    #[test]
    fn a_cross_reference_bomb_is_refused_before_loading() {
        let bomb = zlib(&vec![0u8; 4 << 20]);
        let mut pdf = b"%PDF-1.5\n1 0 obj\n<< /Type /XRef /Filter /FlateDecode /W [1 2 1] /Size 2 >>\nstream\n".to_vec();
        pdf.extend_from_slice(&bomb);
        pdf.extend_from_slice(b"\nendstream\nendobj\nstartxref\n9\n%%EOF\n");
        let e = prescan(&pdf, 1 << 20).unwrap_err();
        assert_eq!(e.limit_kind(), Some(super::super::LimitKind::EntrySize));
        assert!(
            e.to_string().contains("cross-reference stream at byte 9"),
            "{e}"
        );
        assert!(prescan(&pdf, 8 << 20).is_ok());
    }
}

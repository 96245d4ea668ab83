//! The byte↔char offset map of a decoding: for every character of the decoded text, the bytes
//! of the input it came from.
//!
//! Stored as runs rather than one entry per character: a run of characters whose text bytes
//! are the input bytes themselves (ASCII, valid UTF-8 copied through) is one `Same` run, and a
//! run of characters that each took `src_len` input bytes and `text_len` text bytes (Cyrillic in
//! windows-1251: 1 → 2; ASCII in UTF-16: 2 → 1) is one `Fixed` run. Memory grows with the number
//! of changes between such runs, not with the text.

use crate::span::ByteSpan;

/// One run of characters with a uniform byte relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    /// Offset of the run in the decoded text (UTF-8 bytes).
    text_start: usize,
    /// Offset of the run in the input.
    src_start: u64,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `len` text bytes that are identical to `len` input bytes.
    Same { len: usize },
    /// `count` characters, each from `src_len` input bytes to `text_len` text bytes.
    Fixed {
        src_len: u32,
        text_len: u32,
        count: usize,
    },
}

impl Run {
    fn text_len(&self) -> usize {
        match self.kind {
            Kind::Same { len } => len,
            Kind::Fixed {
                text_len, count, ..
            } => text_len as usize * count,
        }
    }
    fn src_len(&self) -> u64 {
        match self.kind {
            Kind::Same { len } => len as u64,
            Kind::Fixed { src_len, count, .. } => src_len as u64 * count as u64,
        }
    }
}

/// Maps offsets in a decoded text to byte spans in the input, and back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OffsetMap {
    runs: Vec<Run>,
    text_len: usize,
    /// Next input offset to be mapped (the end of the last run, plus skipped bytes).
    src_pos: u64,
}

impl OffsetMap {
    /// An empty map whose first character will come from input offset `base`.
    pub fn new(base: u64) -> Self {
        OffsetMap {
            runs: Vec::new(),
            text_len: 0,
            src_pos: base,
        }
    }

    /// Appends `len` text bytes copied unchanged from the next `len` input bytes.
    pub fn push_same(&mut self, len: usize) {
        if len == 0 {
            return;
        }
        if let Some(last) = self.runs.last_mut()
            && let Kind::Same { len: l } = &mut last.kind
            && last.src_start + *l as u64 == self.src_pos
        {
            *l += len;
            self.text_len += len;
            self.src_pos += len as u64;
            return;
        }
        self.runs.push(Run {
            text_start: self.text_len,
            src_start: self.src_pos,
            kind: Kind::Same { len },
        });
        self.text_len += len;
        self.src_pos += len as u64;
    }

    /// Appends one character of `text_len` text bytes decoded from the next `src_len` input bytes.
    pub fn push_char(&mut self, src_len: u32, text_len: u32) {
        if src_len == text_len && text_len == 1 {
            // ASCII copied through: keep Same runs long.
            self.push_same(1);
            return;
        }
        if let Some(last) = self.runs.last_mut()
            && let Kind::Fixed {
                src_len: s,
                text_len: t,
                count,
            } = &mut last.kind
            && *s == src_len
            && *t == text_len
            && last.src_start + *s as u64 * *count as u64 == self.src_pos
        {
            *count += 1;
            self.text_len += text_len as usize;
            self.src_pos += src_len as u64;
            return;
        }
        self.runs.push(Run {
            text_start: self.text_len,
            src_start: self.src_pos,
            kind: Kind::Fixed {
                src_len,
                text_len,
                count: 1,
            },
        });
        self.text_len += text_len as usize;
        self.src_pos += src_len as u64;
    }

    /// Appends `count` characters of `text_len` text bytes each, each decoded from the next
    /// `src_len` input bytes: the same map as `count` calls of [`OffsetMap::push_char`].
    pub fn push_chars(&mut self, src_len: u32, text_len: u32, count: usize) {
        if count == 0 {
            return;
        }
        if src_len == text_len && text_len == 1 {
            self.push_same(count);
            return;
        }
        self.push_char(src_len, text_len);
        if let Some(Run {
            kind: Kind::Fixed { count: c, .. },
            ..
        }) = self.runs.last_mut()
        {
            *c += count - 1;
        }
        self.text_len += text_len as usize * (count - 1);
        self.src_pos += src_len as u64 * (count - 1) as u64;
    }

    /// Skips `n` input bytes that produced no text (deleted by an "ignore" decode, or
    /// escape sequences).
    pub fn skip_src(&mut self, n: u64) {
        self.src_pos += n;
    }

    /// Length of the mapped text in bytes.
    pub fn text_len(&self) -> usize {
        self.text_len
    }

    /// Input offset just after the last mapped byte.
    pub fn src_end(&self) -> u64 {
        self.src_pos
    }

    /// Number of runs (a measure of the map's memory).
    pub fn runs(&self) -> usize {
        self.runs.len()
    }

    fn run_for_text(&self, t: usize) -> Option<&Run> {
        let i = self.runs.partition_point(|r| r.text_start <= t);
        let r = self.runs.get(i.checked_sub(1)?)?;
        (t < r.text_start + r.text_len()).then_some(r)
    }

    /// The input bytes of the character that starts at text offset `t`. `text` is the decoded
    /// text (needed to know the length of characters in `Same` runs).
    pub fn span_of(&self, text: &str, t: usize) -> Option<ByteSpan> {
        let r = self.run_for_text(t)?;
        match r.kind {
            Kind::Same { .. } => {
                let ch = text.get(t..)?.chars().next()?;
                let start = r.src_start + (t - r.text_start) as u64;
                Some(ByteSpan::at(start, ch.len_utf8() as u64))
            }
            Kind::Fixed {
                src_len, text_len, ..
            } => {
                let k = (t - r.text_start) / text_len as usize;
                Some(ByteSpan::at(
                    r.src_start + k as u64 * src_len as u64,
                    src_len as u64,
                ))
            }
        }
    }

    /// The input bytes behind the text range `[start, end)` (both on character boundaries).
    pub fn span_of_range(&self, text: &str, start: usize, end: usize) -> Option<ByteSpan> {
        if start >= end {
            let s = self
                .span_of(text, start)
                .map(|s| s.start)
                .unwrap_or(self.src_pos);
            return Some(ByteSpan::new(s, s));
        }
        let first = self.span_of(text, start)?;
        let last_char_start = text.get(..end)?.char_indices().next_back()?.0;
        let last = self.span_of(text, last_char_start)?;
        Some(ByteSpan::new(first.start, last.end))
    }

    /// The text offset of the character that the input byte `b` belongs to, or `None` when the
    /// byte produced no character (deleted, or outside the decoded range).
    pub fn text_offset_of(&self, text: &str, b: u64) -> Option<usize> {
        let i = self.runs.partition_point(|r| r.src_start <= b);
        let r = self.runs.get(i.checked_sub(1)?)?;
        if b >= r.src_start + r.src_len() {
            return None;
        }
        match r.kind {
            Kind::Same { .. } => {
                let mut t = r.text_start + (b - r.src_start) as usize;
                while t > r.text_start && !text.is_char_boundary(t) {
                    t -= 1;
                }
                Some(t)
            }
            Kind::Fixed {
                src_len, text_len, ..
            } => {
                let k = (b - r.src_start) / src_len as u64;
                Some(r.text_start + k as usize * text_len as usize)
            }
        }
    }

    /// Every character with its text range and input span, in order. When a decoder produced
    /// several characters from one byte sequence (Big5 has such sequences), they come as one
    /// item whose range covers them all.
    pub fn iter<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = (std::ops::Range<usize>, ByteSpan)> + 'a {
        let mut chars = text
            .char_indices()
            .filter_map(move |(t, c)| {
                self.span_of(text, t)
                    .map(|span| (t..t + c.len_utf8(), span))
            })
            .peekable();
        std::iter::from_fn(move || {
            let (mut range, span) = chars.next()?;
            while let Some((next, s)) = chars.peek() {
                if *s != span {
                    break;
                }
                range.end = next.end;
                chars.next();
            }
            Some((range, span))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_runs_merge_and_map_multibyte_chars() {
        let text = "résumé";
        let mut m = OffsetMap::new(3); // after a BOM
        m.push_same(text.len());
        assert_eq!(m.runs(), 1);
        assert_eq!(m.span_of(text, 1), Some(ByteSpan::at(4, 2)));
        assert_eq!(m.text_offset_of(text, 5), Some(1));
        assert_eq!(m.text_offset_of(text, 2), None);
    }

    #[test]
    fn fixed_runs_for_single_byte_encodings() {
        // "rés" from windows-1252 bytes 72 E9 73.
        let text = "rés";
        let mut m = OffsetMap::new(0);
        m.push_char(1, 1);
        m.push_char(1, 2);
        m.push_char(1, 1);
        let spans: Vec<_> = m.iter(text).map(|(_, s)| s).collect();
        assert_eq!(
            spans,
            vec![ByteSpan::at(0, 1), ByteSpan::at(1, 1), ByteSpan::at(2, 1)]
        );
        assert_eq!(m.text_offset_of(text, 2), Some(3));
    }

    #[test]
    fn a_run_of_chars_is_the_same_map_as_each_char() {
        let steps: [(u32, u32, usize); 6] = [
            (1, 2, 3),
            (1, 2, 2),
            (1, 3, 1),
            (1, 1, 4),
            (2, 3, 5),
            (1, 2, 1),
        ];
        let mut one = OffsetMap::new(7);
        let mut run = OffsetMap::new(7);
        for (src, text, n) in steps {
            for _ in 0..n {
                one.push_char(src, text);
            }
            run.push_chars(src, text, n);
            run.push_chars(src, text, 0);
        }
        assert_eq!(one, run);
    }

    #[test]
    fn deleted_bytes_leave_a_gap() {
        // "rsum" from 72 E9 73 75 6D E9 decoded as UTF-8 with errors ignored.
        let text = "rsum";
        let mut m = OffsetMap::new(0);
        m.push_same(1);
        m.skip_src(1);
        m.push_same(3);
        m.skip_src(1);
        assert_eq!(m.span_of(text, 1), Some(ByteSpan::at(2, 1)));
        assert_eq!(m.text_offset_of(text, 1), None);
        assert_eq!(m.src_end(), 6);
        assert_eq!(m.span_of_range(text, 0, 4), Some(ByteSpan::new(0, 5)));
    }
}

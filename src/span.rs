//! Spans into the raw bytes of a document.
//!
//! Every finding the core produces carries a [`ByteSpan`], so any view can jump from a number in
//! a report to the bytes that caused it. Offsets are `u64` because inputs may be larger than the
//! address space a view maps at once.

use serde::Serialize;
use std::fmt;

/// A half-open range `[start, end)` of byte offsets into the original input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct ByteSpan {
    /// First byte of the span.
    pub start: u64,
    /// One past the last byte of the span.
    pub end: u64,
}

impl ByteSpan {
    /// A span from `start` (inclusive) to `end` (exclusive).
    pub fn new(start: u64, end: u64) -> Self {
        debug_assert!(start <= end, "span {start}..{end} is reversed");
        ByteSpan { start, end }
    }

    /// A span of `len` bytes starting at `start`.
    pub fn at(start: u64, len: u64) -> Self {
        ByteSpan {
            start,
            end: start + len,
        }
    }

    /// Number of bytes covered.
    pub fn len(&self) -> u64 {
        self.end - self.start
    }

    /// True when the span covers no byte.
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }

    /// True when `offset` lies inside the span.
    pub fn contains(&self, offset: u64) -> bool {
        self.start <= offset && offset < self.end
    }
}

impl fmt::Display for ByteSpan {
    /// Human form used in reports: `112–150` (end exclusive), or a single offset for one byte.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len() == 1 {
            write!(f, "{}", self.start)
        } else {
            write!(f, "{}–{}", self.start, self.end)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_len() {
        assert_eq!(ByteSpan::new(112, 150).to_string(), "112–150");
        assert_eq!(ByteSpan::at(533, 1).to_string(), "533");
        assert_eq!(ByteSpan::at(10, 3).len(), 3);
        assert!(ByteSpan::at(10, 3).contains(12));
        assert!(!ByteSpan::at(10, 3).contains(13));
    }
}

//! Where bytes come from: a file opened read-only, or bytes already in memory (stdin, tests).
//!
//! [`Input`] gives three kinds of access, all read-only: the head of the input (for evidence that
//! lives at the start: BOM, declarations, samples), arbitrary ranges, and a streaming pass over
//! the whole input in fixed-size chunks (for whole-file counts without holding the file in
//! memory). Small files are read into memory once; large files are read with positioned reads
//! (`pread`), so an `Input` can be shared between threads.
//!
//! What does not live here: any interpretation of the bytes.

use crate::error::SourceError;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Files up to this size are read into memory whole; larger ones are streamed.
pub const IN_MEMORY_LIMIT: u64 = 4 << 20;

/// Chunk size of streaming passes: 1 MiB reads were the fastest way to scan a file here
/// (8.9 GB/s warm, see `../shared/guides/dependencies.md`), faster than `mmap`.
pub const CHUNK_SIZE: usize = 1 << 20;

/// A read-only byte source with a display name.
#[derive(Debug)]
pub struct Input {
    name: String,
    path: Option<PathBuf>,
    data: Data,
    /// The size the file system gave before a small file was read whole, when the read
    /// found another size (the file changed while it was being opened).
    stat_len: Option<u64>,
}

#[derive(Debug)]
enum Data {
    Memory(Vec<u8>),
    File { file: File, len: u64 },
}

impl Input {
    /// Opens `path` read-only. Directories, FIFOs, sockets and devices are refused with a
    /// [`SourceError`] that names the path and says what to do instead.
    pub fn open(path: &Path) -> Result<Input, SourceError> {
        let name = crate::visible::path_name(path);
        let meta = std::fs::metadata(path).map_err(|e| SourceError::io(&name, e))?;
        let ft = meta.file_type();
        if ft.is_dir() {
            return Err(SourceError::IsDirectory { path: name });
        }
        if !ft.is_file() {
            return Err(SourceError::NotRegular {
                path: name,
                kind: describe_file_type(&ft),
            });
        }
        // `File::open` opens read-only (O_RDONLY): the tool never writes to what it inspects.
        let mut file = File::open(path).map_err(|e| SourceError::io(&name, e))?;
        let len = meta.len();
        let mut stat_len = None;
        let data = if len <= IN_MEMORY_LIMIT {
            let buf = read_whole(&mut file, len).map_err(|e| SourceError::io(&name, e))?;
            if buf.len() as u64 != len {
                stat_len = Some(len);
            }
            Data::Memory(buf)
        } else {
            Data::File { file, len }
        };
        Ok(Input {
            name,
            path: Some(path.to_path_buf()),
            data,
            stat_len,
        })
    }

    /// Reads standard input into memory, at most `limit` bytes (more is
    /// [`SourceError::StdinTooLarge`]: `yes | delineate inspect -` must not take the machine's
    /// memory); its name is `-`.
    pub fn stdin(limit: u64) -> Result<Input, SourceError> {
        Input::from_reader("-", std::io::stdin().lock(), limit)
    }

    /// Reads a stream (standard input, a pipe) into memory under `name`, at most `limit`
    /// bytes: one byte more is [`SourceError::StdinTooLarge`], read no further.
    pub fn from_reader(name: &str, r: impl Read, limit: u64) -> Result<Input, SourceError> {
        let mut buf = Vec::new();
        r.take(limit.saturating_add(1))
            .read_to_end(&mut buf)
            .map_err(|e| SourceError::io(name, e))?;
        if buf.len() as u64 > limit {
            return Err(SourceError::StdinTooLarge {
                path: name.into(),
                limit_mib: limit >> 20,
            });
        }
        Ok(Input::from_bytes(name, buf))
    }

    /// Wraps bytes already in memory.
    pub fn from_bytes(name: impl Into<String>, bytes: Vec<u8>) -> Input {
        Input {
            name: name.into(),
            path: None,
            data: Data::Memory(bytes),
            stat_len: None,
        }
    }

    /// Opens a path, or standard input (read up to `stdin_limit` bytes) when the path is `-`.
    pub fn open_arg(arg: &Path, stdin_limit: u64) -> Result<Input, SourceError> {
        if arg.as_os_str() == "-" {
            Input::stdin(stdin_limit)
        } else {
            Input::open(arg)
        }
    }

    /// The name to show in reports: the path as given, or `-` for stdin.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The bytes of the file's name when they are not UTF-8 (the name shows them as `\xFF`).
    pub fn path_bytes(&self) -> Option<Vec<u8>> {
        self.path.as_deref().and_then(crate::visible::path_bytes)
    }

    /// The file-system path, when the input is a file.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Total length in bytes (as stat reported it when opened).
    pub fn len(&self) -> u64 {
        match &self.data {
            Data::Memory(v) => v.len() as u64,
            Data::File { len, .. } => *len,
        }
    }

    /// True for an empty input.
    /// The file's size when opened and its size now, when they differ: a file that grows or
    /// shrinks while it is read (a log being written, a download still running). Reads stop
    /// at the size seen when opening, or earlier at the end of what is there, so the analysis
    /// covers a prefix of some version of the file; reports say so.
    pub fn size_change(&self) -> Option<(u64, u64)> {
        match &self.data {
            Data::Memory(v) => self.stat_len.map(|l| (l, v.len() as u64)),
            Data::File { file, len } => {
                let now = file.metadata().ok()?.len();
                (now != *len).then_some((*len, now))
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The whole input when it is held in memory.
    pub fn as_slice(&self) -> Option<&[u8]> {
        match &self.data {
            Data::Memory(v) => Some(v),
            Data::File { .. } => None,
        }
    }

    /// Bytes `[start, end)`, clamped to the input. A file that shrank since it was opened yields
    /// fewer bytes, never an error.
    pub fn read_range(&self, start: u64, end: u64) -> Result<Vec<u8>, SourceError> {
        let end = end.min(self.len());
        if start >= end {
            return Ok(Vec::new());
        }
        match &self.data {
            Data::Memory(v) => Ok(v[start as usize..end as usize].to_vec()),
            Data::File { file, .. } => {
                let mut buf = vec![0u8; (end - start) as usize];
                let n = read_at_full(file, &mut buf, start).map_err(|e| SourceError::Read {
                    path: self.name.clone(),
                    offset: start,
                    source: e,
                })?;
                buf.truncate(n);
                Ok(buf)
            }
        }
    }

    /// The first `n` bytes (or fewer, for a shorter input).
    pub fn head(&self, n: usize) -> Result<Vec<u8>, SourceError> {
        self.read_range(0, n as u64)
    }

    /// Calls `f(offset, chunk)` for consecutive chunks covering the whole input, in order.
    /// `f` returns `false` to stop early. Memory use is one chunk, whatever the input size.
    pub fn for_each_chunk(&self, mut f: impl FnMut(u64, &[u8]) -> bool) -> Result<(), SourceError> {
        match &self.data {
            Data::Memory(v) => {
                let mut off = 0usize;
                for chunk in v.chunks(CHUNK_SIZE) {
                    if !f(off as u64, chunk) {
                        break;
                    }
                    off += chunk.len();
                }
                if v.is_empty() {
                    f(0, &[]);
                }
                Ok(())
            }
            Data::File { file, len } => {
                let mut buf = vec![0u8; CHUNK_SIZE];
                let mut off = 0u64;
                while off < *len {
                    let want = CHUNK_SIZE.min((*len - off) as usize);
                    let n = read_at_full(file, &mut buf[..want], off).map_err(|e| {
                        SourceError::Read {
                            path: self.name.clone(),
                            offset: off,
                            source: e,
                        }
                    })?;
                    if n == 0 {
                        // The file shrank while we read it: stop at what is there.
                        break;
                    }
                    if !f(off, &buf[..n]) {
                        break;
                    }
                    off += n as u64;
                }
                Ok(())
            }
        }
    }
}

impl Input {
    /// The offset of the first occurrence of `needle` at or after `from` (forward), or the last
    /// one that starts before `from` (backward). Streams in chunks that overlap by the needle's
    /// length, so memory stays at one chunk.
    pub fn find(
        &self,
        needle: &[u8],
        from: u64,
        forward: bool,
    ) -> Result<Option<u64>, SourceError> {
        if needle.is_empty() {
            return Ok(None);
        }
        let n = needle.len() as u64;
        let len = self.len();
        let step = CHUNK_SIZE as u64;
        if forward {
            let finder = memchr::memmem::Finder::new(needle);
            let mut pos = from;
            while pos < len {
                let end = (pos + step + n - 1).min(len);
                let chunk = self.read_range(pos, end)?;
                if let Some(i) = finder.find(&chunk) {
                    return Ok(Some(pos + i as u64));
                }
                if end >= len {
                    break;
                }
                pos += step;
            }
        } else {
            let finder = memchr::memmem::FinderRev::new(needle);
            // Matches must start before `from`.
            let mut end = (from + n - 1).min(len);
            while end > 0 {
                let start = end.saturating_sub(step + n - 1);
                let chunk = self.read_range(start, end)?;
                if let Some(i) = finder.rfind(&chunk) {
                    return Ok(Some(start + i as u64));
                }
                if start == 0 {
                    break;
                }
                end = start + n - 1;
            }
        }
        Ok(None)
    }
}

/// Positioned read that retries short reads; returns the number of bytes read (less than
/// `buf.len()` only at end of file).
fn read_at_full(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    use std::os::unix::fs::FileExt;
    let mut done = 0;
    while done < buf.len() {
        match file.read_at(&mut buf[done..], offset + done as u64) {
            Ok(0) => break,
            Ok(n) => done += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}

/// A `Read + Seek` cursor over an [`Input`] (positioned reads; the input is never modified),
/// for parsers that need random access, such as a ZIP central directory.
pub struct InputReader<'a> {
    input: &'a Input,
    pos: u64,
}

impl<'a> InputReader<'a> {
    pub fn new(input: &'a Input) -> Self {
        InputReader { input, pos: 0 }
    }
}

impl std::io::Read for InputReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if let Some(all) = self.input.as_slice() {
            let start = (self.pos as usize).min(all.len());
            let n = buf.len().min(all.len() - start);
            buf[..n].copy_from_slice(&all[start..start + n]);
            self.pos += n as u64;
            return Ok(n);
        }
        let end = self.pos.saturating_add(buf.len() as u64);
        let got = self
            .input
            .read_range(self.pos, end)
            .map_err(std::io::Error::other)?;
        buf[..got.len()].copy_from_slice(&got);
        self.pos += got.len() as u64;
        Ok(got.len())
    }
}

impl std::io::Seek for InputReader<'_> {
    fn seek(&mut self, to: std::io::SeekFrom) -> std::io::Result<u64> {
        let len = self.input.len() as i128;
        let target = match to {
            std::io::SeekFrom::Start(o) => o as i128,
            std::io::SeekFrom::End(d) => len + d as i128,
            std::io::SeekFrom::Current(d) => self.pos as i128 + d as i128,
        };
        if target < 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "seek before the start of the input",
            ));
        }
        self.pos = target.min(u64::MAX as i128) as u64;
        Ok(self.pos)
    }
}

/// What a file that is not a regular file is, in words (`a FIFO (named pipe)`).
pub fn describe_file_type(ft: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if ft.is_fifo() {
        "a FIFO (named pipe)"
    } else if ft.is_socket() {
        "a socket"
    } else if ft.is_block_device() {
        "a block device"
    } else if ft.is_char_device() {
        "a character device"
    } else {
        "not a regular file"
    }
}

/// Reads `file`, whose size was `len` when opened, to its end. One byte more than `len` is
/// asked for, so a file that grew shows; the size is known, so no `fstat` or `lseek` per file
/// (`read_to_end` asks for both, and the audit opens tens of thousands of small files).
fn read_whole(file: &mut File, len: u64) -> std::io::Result<Vec<u8>> {
    let mut buf = vec![0u8; len as usize + 1];
    let mut n = 0;
    loop {
        match file.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => {
                n += k;
                if n == buf.len() {
                    // It grew while read: the rest too.
                    file.read_to_end(&mut buf)?;
                    return Ok(buf);
                }
                if n as u64 == len {
                    // Exactly the size seen when opening, one byte short of what was asked:
                    // a regular file reads short only at its end, so this is the end (a
                    // file that grew would have filled the extra byte). Saves the read that
                    // returns 0, one system call per file: 10,788 on the Reuters corpus.
                    break;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    buf.truncate(n);
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_input_chunks_and_ranges() {
        let input = Input::from_bytes("t", b"hello world".to_vec());
        assert_eq!(input.len(), 11);
        assert_eq!(input.head(5).unwrap(), b"hello");
        assert_eq!(input.read_range(6, 100).unwrap(), b"world");
        let mut seen = Vec::new();
        input
            .for_each_chunk(|off, c| {
                seen.push((off, c.to_vec()));
                true
            })
            .unwrap();
        assert_eq!(seen, vec![(0, b"hello world".to_vec())]);
    }

    #[test]
    fn find_forward_and_backward() {
        let input = Input::from_bytes("t", b"abc abc abc".to_vec());
        assert_eq!(input.find(b"abc", 0, true).unwrap(), Some(0));
        assert_eq!(input.find(b"abc", 1, true).unwrap(), Some(4));
        assert_eq!(input.find(b"abc", 9, true).unwrap(), None);
        assert_eq!(input.find(b"abc", 8, false).unwrap(), Some(4));
        assert_eq!(input.find(b"abc", 0, false).unwrap(), None);
        assert_eq!(input.find(b"abc", 11, false).unwrap(), Some(8));
    }

    #[test]
    fn directory_is_refused_with_advice() {
        let err = Input::open(Path::new("/")).unwrap_err();
        assert!(err.to_string().contains("audit"), "{err}");
    }

    #[test]
    fn large_file_streams_in_chunks() {
        // Removed when `scratch` drops, even when the test fails.
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path().join("src");
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("big.bin");
        let data: Vec<u8> = (0..(IN_MEMORY_LIMIT as usize + 12345))
            .map(|i| (i % 251) as u8)
            .collect();
        std::fs::write(&p, &data).unwrap();
        let input = Input::open(&p).unwrap();
        assert!(input.as_slice().is_none());
        let mut total = 0u64;
        let mut sum = 0u64;
        input
            .for_each_chunk(|off, c| {
                assert_eq!(off, total);
                total += c.len() as u64;
                sum += c.iter().map(|&b| b as u64).sum::<u64>();
                true
            })
            .unwrap();
        assert_eq!(total, data.len() as u64);
        assert_eq!(sum, data.iter().map(|&b| b as u64).sum::<u64>());
        assert_eq!(input.read_range(5, 8).unwrap(), &data[5..8]);
    }
}

//! Finding the files of a corpus: every regular file under the given paths, in a stable order.
//! Symbolic links are followed (a link loop is reported, not followed forever); unreadable
//! directories and files that vanish while the walk runs are reported and skipped.

use crate::visible::path_name;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A path the walk could not use, and why.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct WalkError {
    pub path: String,
    pub error: String,
    /// Where in the file, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byte_offset: Option<u64>,
    /// When a limit stopped extraction: which (a front end names the option that raises it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<crate::extract::LimitKind>,
    /// The file name's bytes, when they are not UTF-8 (`path` shows them as `\xFF`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<Vec<u8>>,
    /// The path was given on the command line (not found below one): the run exits 2.
    #[serde(skip)]
    pub given: bool,
}

impl WalkError {
    /// An error about the file `path`.
    pub fn new(path: impl Into<String>, error: impl Into<String>) -> Self {
        WalkError {
            path: path.into(),
            error: error.into(),
            byte_offset: None,
            limit: None,
            path_bytes: None,
            given: false,
        }
    }

    /// The same error, with the bytes of `path` when they are not UTF-8.
    pub fn with_bytes(mut self, path: &Path) -> Self {
        self.path_bytes = crate::visible::path_bytes(path);
        self
    }

    /// The same error, at `offset` in the file.
    pub fn located(mut self, offset: Option<u64>) -> Self {
        self.byte_offset = offset;
        self
    }

    /// `path at byte N`, the place a person reads before the error.
    pub fn place(&self) -> String {
        let mut s = self.path.clone();
        if let Some(o) = self.byte_offset {
            s.push_str(&format!(" at byte {o}"));
        }
        s
    }
}

/// The files under `paths` (a file given directly is taken as is), sorted, and the problems.
pub fn files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<WalkError>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for root in paths {
        if root.as_os_str() == "-" {
            out.push(root.clone());
            continue;
        }
        match std::fs::metadata(root) {
            Ok(m) if m.is_file() => {
                out.push(root.clone());
                continue;
            }
            Ok(m) if !m.is_dir() => {
                let mut e = WalkError::new(
                    path_name(root),
                    format!(
                        "is {}, not a regular file or directory: skipped (copy it to a file first)",
                        crate::source::describe_file_type(&m.file_type())
                    ),
                )
                .with_bytes(root);
                e.given = true;
                errors.push(e);
                continue;
            }
            Err(e) => {
                let mut e = WalkError::new(path_name(root), e.to_string()).with_bytes(root);
                e.given = true;
                errors.push(e);
                continue;
            }
            Ok(_) => {}
        }
        let first = out.len();
        let canonical_root = root.canonicalize().ok();
        let skipped = std::cell::RefCell::new(Vec::new());
        let walk = walkdir::WalkDir::new(root)
            .follow_links(true)
            .into_iter()
            .filter_entry(|e| {
                // A link to a directory outside the corpus (`c/all -> /`) would walk the whole
                // file system; one to a directory that holds the corpus is a loop.
                if !(e.path_is_symlink() && e.file_type().is_dir()) {
                    return true;
                }
                let (Some(root), Ok(target)) = (&canonical_root, e.path().canonicalize()) else {
                    return true;
                };
                if target.starts_with(root) {
                    return true;
                }
                let why = if root.starts_with(&target) {
                    format!(
                        "a symbolic link to {}, which holds the corpus (a loop): not followed",
                        path_name(&target)
                    )
                } else {
                    format!(
                        "a symbolic link to {}, outside the corpus: not followed",
                        path_name(&target)
                    )
                };
                skipped
                    .borrow_mut()
                    .push(WalkError::new(path_name(e.path()), why).with_bytes(e.path()));
                false
            });
        for entry in walk {
            match entry {
                Ok(e) if e.file_type().is_file() => out.push(e.into_path()),
                Ok(e) if e.file_type().is_dir() => {}
                Ok(e) => errors.push(
                    WalkError::new(
                        path_name(e.path()),
                        format!(
                            "is {}, not a regular file: skipped (copy it to a file first)",
                            crate::source::describe_file_type(&e.file_type())
                        ),
                    )
                    .with_bytes(e.path()),
                ),
                Err(e) => {
                    let path = e.path().map_or_else(|| path_name(root), path_name);
                    let error = if let Some(a) = e.loop_ancestor() {
                        format!(
                            "a symbolic link back to {}, a directory above it (a loop): not followed",
                            path_name(a)
                        )
                    } else {
                        e.io_error()
                            .map_or_else(|| e.to_string(), |io| io.to_string())
                    };
                    errors.push(WalkError::new(path, error));
                }
            }
        }
        errors.extend(skipped.into_inner());
        sort_by_components(&mut out[first..], root);
    }
    (out, errors)
}

/// Sorts paths found under `root` component by component (a directory's files by name, each
/// directory's files where its name falls), the order of a sorted depth-first walk. Each key
/// is the part below the root, as bytes, compared with `/` as the lowest byte: names hold
/// neither `/` nor NUL, so that is the component-wise order, without splitting paths into
/// components (walkdir's own sort re-parsed both paths at every comparison, 3 % of an audit
/// of Reuters; component vectors cost an allocation per file).
fn sort_by_components(paths: &mut [PathBuf], root: &Path) {
    use std::os::unix::ffi::OsStrExt;
    fn order(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
        let same = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        let rank = |c: Option<&u8>| c.map(|&c| if c == b'/' { 0 } else { c as u16 + 1 });
        rank(a.get(same)).cmp(&rank(b.get(same)))
    }
    // The walk joins names onto the root as given, so its bytes lead every path.
    let root = root.as_os_str().as_bytes();
    let below = |p: &'_ PathBuf| -> usize {
        let b = p.as_os_str().as_bytes();
        if b.starts_with(root) {
            root.len() + b[root.len()..].iter().take_while(|&&c| c == b'/').count()
        } else {
            0
        }
    };
    let mut keyed: Vec<(&[u8], usize)> = paths
        .iter()
        .enumerate()
        .map(|(i, p)| (&p.as_os_str().as_bytes()[below(p)..], i))
        .collect();
    keyed.sort_unstable_by(|a, b| order(a.0, b.0).then(a.1.cmp(&b.1)));
    let order: Vec<usize> = keyed.into_iter().map(|(_, i)| i).collect();
    let sorted: Vec<PathBuf> = order
        .into_iter()
        .map(|i| std::mem::take(&mut paths[i]))
        .collect();
    for (slot, p) in paths.iter_mut().zip(sorted) {
        *slot = p;
    }
}

/// Whether `root` is a directory, asked of the file system once per root and thread (not
/// once per file: a stat call per document showed in the audit's profile).
fn root_is_dir(root: &Path) -> bool {
    thread_local! {
        static SEEN: std::cell::RefCell<Vec<(PathBuf, bool)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    SEEN.with_borrow_mut(|seen| {
        if let Some((_, d)) = seen.iter().find(|(r, _)| r == root) {
            return *d;
        }
        let d = root.is_dir();
        if seen.len() < 64 {
            seen.push((root.to_path_buf(), d));
        }
        d
    })
}

/// The source of `path` at `depth`: its first `depth` directory components below the root it
/// was found under (`reuters/training/1` at depth 1 → `reuters/training`).
///
/// Files of one directory share their source, so the last answer is kept per thread and
/// reused for the next file of the same directory (working it out cost 8,000 instructions a
/// file) — unless the file is itself one of the roots, which gives it a source of its own.
pub fn source_of(path: &Path, roots: &[PathBuf], depth: usize) -> String {
    type Last = Option<(PathBuf, Vec<PathBuf>, usize, String)>;
    thread_local! {
        static LAST: std::cell::RefCell<Last> = const { std::cell::RefCell::new(None) };
    }
    let parent = path.parent().unwrap_or(Path::new(""));
    if roots.iter().any(|r| r == path) {
        return work_out_source(path, roots, depth);
    }
    LAST.with_borrow_mut(|last| {
        if let Some((p, r, d, s)) = last.as_ref()
            && p.as_os_str() == parent.as_os_str()
            && *d == depth
            && r == roots
        {
            return s.clone();
        }
        let s = work_out_source(path, roots, depth);
        *last = Some((parent.to_path_buf(), roots.to_vec(), depth, s.clone()));
        s
    })
}

/// [`source_of`], worked out.
fn work_out_source(path: &Path, roots: &[PathBuf], depth: usize) -> String {
    let root = roots
        .iter()
        .filter(|r| path.starts_with(r))
        .max_by_key(|r| r.as_os_str().len());
    let (base, rest) = match root {
        Some(r) if root_is_dir(r) => (r.clone(), path.strip_prefix(r).unwrap_or(path)),
        _ => (PathBuf::new(), path),
    };
    let mut comps: Vec<String> = rest
        .parent()
        .map(|p| {
            p.components()
                .map(|c| path_name(Path::new(c.as_os_str())))
                .collect()
        })
        .unwrap_or_default();
    comps.truncate(depth);
    let mut s = path_name(&base);
    for c in comps {
        if !s.is_empty() && !s.ends_with('/') {
            s.push('/');
        }
        s.push_str(&c);
    }
    if s.is_empty() { ".".to_string() } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_by_depth() {
        // A root that is not a directory here: components of the whole path.
        assert_eq!(source_of(Path::new("a/b/c/file"), &[], 2), "a/b");
        assert_eq!(source_of(Path::new("file"), &[], 2), ".");
        // Answers kept for a directory are not reused for another depth, other roots, or a
        // file that is itself a root.
        let tmp = std::env::temp_dir();
        let (f1, f2) = (tmp.join("x/y/f1"), tmp.join("x/y/f2"));
        let t = tmp.display().to_string();
        assert_eq!(
            source_of(&f1, std::slice::from_ref(&tmp), 1),
            format!("{t}/x")
        );
        assert_eq!(
            source_of(&f2, std::slice::from_ref(&tmp), 1),
            format!("{t}/x")
        );
        assert_eq!(
            source_of(&f2, std::slice::from_ref(&tmp), 2),
            format!("{t}/x/y")
        );
        assert_eq!(source_of(&f2, &[], 1), source_of(&f2, &[], 1));
        let both = [tmp.clone(), f2.clone()];
        assert_eq!(source_of(&f1, &both, 2), format!("{t}/x/y"));
        assert_eq!(source_of(&f2, &both, 2), work_out_source(&f2, &both, 2));
        assert_ne!(source_of(&f2, &both, 2), format!("{t}/x/y"));
        assert_eq!(source_of(&f1, &both, 2), format!("{t}/x/y"));
    }

    /// The order of a sorted depth-first walk: `a/x` (inside directory `a`) before `a.txt`,
    /// although `.` sorts before `/` in the paths' text.
    #[test]
    fn walk_order_is_depth_first_by_name() {
        // Removed when `scratch` drops, even when the test fails.
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path().join("walk");
        for f in ["b", "a.txt", "a/x", "a/b/z", "a/c", "A"] {
            let p = dir.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "x").unwrap();
        }
        let (found, errors) = files(std::slice::from_ref(&dir));
        // The same order when the root is written with a trailing slash.
        let slashed = PathBuf::from(format!("{}/", dir.display()));
        let (again, _) = files(std::slice::from_ref(&slashed));
        assert!(errors.is_empty());
        let names = |v: &[PathBuf]| -> Vec<String> {
            v.iter()
                .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                .collect()
        };
        assert_eq!(names(&found), names(&again));
        let rel: Vec<String> = found
            .iter()
            .map(|p| p.strip_prefix(&dir).unwrap().display().to_string())
            .collect();
        assert_eq!(rel, ["A", "a/b/z", "a/c", "a/x", "a.txt", "b"]);
    }

    #[test]
    fn missing_paths_are_reported() {
        let (f, e) = files(&[PathBuf::from("/definitely/not/here")]);
        assert!(f.is_empty());
        assert_eq!(e.len(), 1);
    }
}

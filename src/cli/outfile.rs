//! Files the CLI writes (`normalize --record`, `audit --emit-partial`, `langid eval
//! --dump-snippets`), and the check that each is never one of the inputs: the tool never
//! writes to what it inspects.
//!
//! Paths are not enough to tell: a hard link, a symbolic link or `dir/../in.txt` name the same
//! file differently. So an output that exists is compared by device and inode with every
//! input file (and every file found under an input directory), and an output that would be
//! created is refused when it lies inside an input directory (it would become part of the
//! corpus being read).

use super::Failure;
use crate::visible::path_text;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Device and inode of `p`, following symbolic links.
fn identity(p: &Path) -> Option<(u64, u64)> {
    std::fs::metadata(p).ok().map(|m| (m.dev(), m.ino()))
}

/// Where `out` would be, with every symbolic link of the part that exists resolved.
fn resolved(out: &Path) -> Option<PathBuf> {
    if let Ok(p) = out.canonicalize() {
        return Some(p);
    }
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.canonicalize().ok()?,
        _ => std::env::current_dir().ok()?,
    };
    Some(parent.join(out.file_name()?))
}

/// Refuses `out` (given as `option`) when it is, or links to, one of `inputs` or of `files`
/// (the files found under the inputs), or lies inside an input directory. Call it before
/// reading anything, so a refusal costs nothing.
pub fn check(
    option: &str,
    out: &Path,
    inputs: &[PathBuf],
    files: &[PathBuf],
) -> Result<(), Failure> {
    let refuse = |why: String| {
        Err(Failure::Usage(format!(
            "{option} {}: {why}; refusing to write there (the tool never writes to what it inspects)",
            path_text(out)
        )))
    };
    if out.as_os_str() == "-" {
        return Ok(());
    }
    let out_id = identity(out);
    let out_at = resolved(out);
    for input in inputs.iter().filter(|p| p.as_os_str() != "-") {
        if out_id.is_some() && identity(input) == out_id {
            return refuse(format!("it is the input {}", path_text(input)));
        }
        if let (Some(o), Ok(dir)) = (&out_at, input.canonicalize())
            && dir.is_dir()
            && o.starts_with(&dir)
        {
            return refuse(format!(
                "it lies inside the input directory {}",
                path_text(input)
            ));
        }
    }
    if let Some(id) = out_id {
        // A hard link elsewhere to a file of the corpus: compare inodes first (cheap), then
        // the device.
        for f in files {
            if let Ok(m) = std::fs::metadata(f)
                && (m.dev(), m.ino()) == id
            {
                return refuse(format!("it is the input file {}", path_text(f)));
            }
        }
    }
    Ok(())
}

/// Writes `bytes` to `out` after [`check`].
pub fn write(
    option: &str,
    out: &Path,
    bytes: &[u8],
    inputs: &[PathBuf],
    files: &[PathBuf],
) -> Result<(), Failure> {
    check(option, out, inputs, files)?;
    std::fs::write(out, bytes)
        .map_err(|e| Failure::Usage(format!("{option} {}: {e}", path_text(out))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch directory, removed when the guard drops (even when the test fails).
    fn tmp() -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix("delineate-outfile-")
            .tempdir()
            .unwrap()
    }

    #[test]
    fn an_output_that_is_an_input_by_any_name_is_refused() {
        let guard = tmp();
        let d = guard.path();
        let input = d.join("in.txt");
        std::fs::write(&input, "text").unwrap();
        let hard = d.join("hard.txt");
        std::fs::hard_link(&input, &hard).unwrap();
        let soft = d.join("soft.txt");
        std::os::unix::fs::symlink(&input, &soft).unwrap();
        let dotted = d.join("sub/../in.txt");
        std::fs::create_dir_all(d.join("sub")).unwrap();
        let inputs = vec![input.clone()];
        for out in [&input, &hard, &soft, &dotted] {
            assert!(
                check("--record", out, &inputs, &[]).is_err(),
                "{}",
                out.display()
            );
        }
        // A new file beside the input is fine.
        assert!(check("--record", &d.join("new.json"), &inputs, &[]).is_ok());
        assert_eq!(std::fs::read_to_string(&input).unwrap(), "text");
    }

    #[test]
    fn an_output_inside_an_input_directory_or_linked_to_its_files_is_refused() {
        let guard = tmp();
        let d = guard.path();
        let corpus = d.join("c");
        std::fs::create_dir_all(corpus.join("deep")).unwrap();
        let f = corpus.join("deep/a.txt");
        std::fs::write(&f, "x").unwrap();
        let inputs = vec![corpus.clone()];
        assert!(check("--emit-partial", &corpus.join("new.json"), &inputs, &[]).is_err());
        assert!(check("--emit-partial", &corpus.join("deep/a.txt"), &inputs, &[]).is_err());
        let outside = d.join("link.json");
        std::fs::hard_link(&f, &outside).unwrap();
        assert!(
            check(
                "--emit-partial",
                &outside,
                &inputs,
                std::slice::from_ref(&f)
            )
            .is_err()
        );
        assert!(check("--emit-partial", &d.join("fresh.json"), &inputs, &[f]).is_ok());
    }
}

//! Architecture invariants, checked inside `cargo test` (after rust-analyzer's tidy tests).
//!
//! * The core knows nothing of terminals or argument parsing: outside `src/cli/`, `src/tui/`
//!   and `src/main.rs`, no file mentions `ratatui`, `crossterm` or `clap`.
//! * The core never prints: no `print!`, `println!`, `eprint!`, `eprintln!` or `dbg!` there.
//! * Every source file opens with a `//!` paragraph saying what lives there.
//! * Stages import downward only (`LAYERS`): no loop between stages, and no core module imports
//!   `crate::cli` or `crate::tui`.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn is_front_end(p: &Path) -> bool {
    let rel = p.strip_prefix(src()).unwrap();
    rel.starts_with("cli") || rel.starts_with("tui") || rel == Path::new("main.rs")
}

/// Lines of code with comments removed (good enough for these checks: no block comments here).
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split("//").next().unwrap_or("")))
}

#[test]
fn core_imports_no_terminal_or_cli_crate() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut bad = Vec::new();
    for f in files.iter().filter(|f| !is_front_end(f)) {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in code_lines(&text) {
            for krate in ["ratatui", "crossterm", "clap"] {
                if line.contains(&format!("{krate}::")) || line.contains(&format!("use {krate}")) {
                    bad.push(format!("{}:{n}: {}", f.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "core modules must not use terminal/CLI crates:\n{}",
        bad.join("\n")
    );
}

#[test]
fn core_never_prints() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut bad = Vec::new();
    for f in files.iter().filter(|f| !is_front_end(f)) {
        let text = std::fs::read_to_string(f).unwrap();
        // Tests may print.
        let body = text.split("#[cfg(test)]").next().unwrap();
        for (n, line) in code_lines(body) {
            for mac in ["println!", "print!(", "eprintln!", "eprint!(", "dbg!("] {
                if line.contains(mac) {
                    bad.push(format!("{}:{n}: {}", f.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "core modules must not print:\n{}",
        bad.join("\n")
    );
}

#[test]
fn every_file_says_what_lives_there() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let missing: Vec<String> = files
        .iter()
        .filter(|f| {
            !std::fs::read_to_string(f)
                .unwrap()
                .trim_start()
                .starts_with("//!")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "files without a //! module doc: {missing:?}"
    );
}

/// The stages in the order data flows, lowest first: a module may import its own stage and the
/// ones below it, never one above (README "How it works"). Front ends are last; the explorer
/// does not import the CLI.
const LAYERS: &[&[&str]] = &[
    &[
        "span", "error", "ascii", "unicode", "visible", "terms", "lexicon", "present",
    ],
    &["source", "teach"],
    &["decode"],
    &["format"],
    &["encoding"],
    &["report", "anomaly"],
    &["normalize"],
    &["extract"],
    &["langid"],
    &["corpus", "fuzzing"],
    &["tui"],
    &["cli"],
];

fn layer_of(module: &str) -> Option<usize> {
    // The crate root's re-exports (`crate::SourceError`…) count as their modules.
    let module = match module {
        "SourceError" => "error",
        "Input" => "source",
        "ByteSpan" => "span",
        "Report" | "inspect" => "report",
        m => m,
    };
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The top-level module a source file belongs to (`src/encoding/likely.rs` → `encoding`).
fn module_of(p: &Path) -> String {
    let rel = p.strip_prefix(src()).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

#[test]
fn stages_import_downward_only() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut bad = Vec::new();
    let mut unknown = Vec::new();
    for f in &files {
        let m = module_of(f);
        if m == "lib" || m == "main" {
            continue;
        }
        let Some(own) = layer_of(&m) else {
            unknown.push(m);
            continue;
        };
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in code_lines(&text) {
            for (i, _) in line.match_indices("crate::") {
                let rest = &line[i + "crate::".len()..];
                let target: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                match layer_of(&target) {
                    Some(t) if t > own => bad.push(format!(
                        "{}:{n}: {m} imports {target}, a stage above it: {}",
                        f.display(),
                        line.trim()
                    )),
                    None if !target.is_empty() && target != m => unknown.push(target),
                    _ => {}
                }
            }
        }
    }
    unknown.sort();
    unknown.dedup();
    assert!(
        unknown.is_empty(),
        "modules missing from LAYERS in tests/tidy.rs: {unknown:?}"
    );
    assert!(bad.is_empty(), "imports up the stages:\n{}", bad.join("\n"));
}

//! Architecture invariants, checked inside `cargo test` (after rust-analyzer's tidy tests).
//!
//! * The core knows nothing of terminals or argument parsing: outside `src/cli/`, `src/tui/`
//!   and `src/main.rs`, no file mentions `ratatui`, `crossterm` or `clap`.
//! * The core never prints: no `print!`, `println!`, `eprint!`, `eprintln!` or `dbg!` there.
//! * Every source file opens with a `//!` paragraph saying what lives there.
//! * Stages import downward only (`LAYERS`): no loop between stages, and no core module imports
//!   `crate::cli` or `crate::tui`.
//! * Core errors are types, never `Result<_, String>`; no stage reads another's message back
//!   (`message.split(…)`, `reason.contains(…)`): facts travel as typed fields.
//! * No source file reaches 900 lines.
//! * Core messages name no command-line option (the CLI maps a limit or choice to its option).

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

/// Every source file below `src/`.
fn source_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files
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
    let files = source_files();
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
    let files = source_files();
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
    let files = source_files();
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
    &["analyze"],
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
    let files = source_files();
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

/// A core file's code before its test module (tests sit at the end of a file, or in a
/// `tests.rs` of their own, which is skipped).
fn core_code(f: &Path) -> Option<String> {
    if is_front_end(f) || f.file_name().is_some_and(|n| n == "tests.rs") {
        return None;
    }
    let text = std::fs::read_to_string(f).unwrap();
    let end = text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len());
    Some(text[..end].to_string())
}

/// The code lines (comments removed) of the core's files, tests left out, with their place;
/// `skip` leaves out files whose path ends so.
fn core_code_lines(skip: &[&str]) -> Vec<(PathBuf, usize, String)> {
    let mut out = Vec::new();
    for f in source_files() {
        if skip.iter().any(|s| f.ends_with(s)) {
            continue;
        }
        let Some(code) = core_code(&f) else { continue };
        for (n, line) in code_lines(&code) {
            out.push((f.clone(), n, line.to_string()));
        }
    }
    out
}

/// Errors in the core are types (`thiserror`), never strings: a caller decides by the kind,
/// and a front end words it.
#[test]
fn core_errors_are_types_not_strings() {
    let files = source_files();
    let mut bad = Vec::new();
    for f in &files {
        let Some(code) = core_code(f) else { continue };
        // Signatures may span lines: look at the code with line breaks as spaces.
        let flat = code.replace('\n', " ");
        let mut from = 0;
        while let Some(i) = flat[from..].find("Result<") {
            let at = from + i;
            // The type up to its closing `>` (nested generics counted).
            let mut depth = 0;
            let mut end = at;
            for (j, c) in flat[at..].char_indices() {
                match c {
                    '<' => depth += 1,
                    '>' => {
                        depth -= 1;
                        if depth == 0 {
                            end = at + j;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let ty: String = flat[at..=end].split_whitespace().collect();
            if ty.ends_with(",String>") {
                let line = code[..at.min(code.len())].matches('\n').count() + 1;
                bad.push(format!("{}:{line}: {ty}", f.display()));
            }
            from = end.max(at + 1);
        }
    }
    assert!(
        bad.is_empty(),
        "Result<_, String> in the core (use an error type):\n{}",
        bad.join("\n")
    );
}

/// Facts travel as typed fields: no stage reads another's wording back (`message`, `reason`,
/// `detail`, `explanation` are for people).
#[test]
fn no_stage_parses_a_message() {
    let mut bad = Vec::new();
    for (f, n, line) in core_code_lines(&[]) {
        for field in ["message", "reason", "detail", "explanation"] {
            for op in [
                "split(",
                "split_once(",
                "contains(",
                "strip_prefix(",
                "starts_with(",
                "ends_with(",
                "find(",
            ] {
                if line.contains(&format!("{field}.{op}")) {
                    bad.push(format!("{}:{n}: {}", f.display(), line.trim()));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "a message read back (carry a typed field instead):\n{}",
        bad.join("\n")
    );
}

/// A room a newcomer can read: no source file of 900 lines or more (tests included; a
/// module's unit tests may live in a `tests.rs` of their own).
#[test]
fn no_file_is_too_long_to_read() {
    let files = source_files();
    let mut long: Vec<String> = files
        .iter()
        .map(|f| (std::fs::read_to_string(f).unwrap().lines().count(), f))
        .filter(|(n, _)| *n >= 900)
        .map(|(n, f)| format!("{}: {n} lines", f.display()))
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "split these by job (README, How it works):\n{}",
        long.join("\n")
    );
}

/// The core names no command-line option in what it says: it names the limit or the choice
/// (`LimitKind`, the unit, the encoding), and a front end says which option sets it.
#[test]
fn core_messages_name_no_cli_option() {
    let mut bad = Vec::new();
    // The model builder writes into each asset the command that built it (provenance).
    for (f, n, line) in core_code_lines(&["langid/build.rs"]) {
        // A string literal holding ` --word` or `(--word`.
        let in_string = line.split('"').skip(1).step_by(2).any(|lit| {
            lit.match_indices("--").any(|(i, _)| {
                let before = lit[..i].chars().last();
                let after = lit[i + 2..].chars().next();
                matches!(before, None | Some(' ' | '(' | '`'))
                    && after.is_some_and(|c| c.is_ascii_lowercase())
            })
        });
        if in_string {
            bad.push(format!("{}:{n}: {}", f.display(), line.trim()));
        }
    }
    assert!(
        bad.is_empty(),
        "a core message names a CLI option (name the limit or choice; the CLI names the option):\n{}",
        bad.join("\n")
    );
}

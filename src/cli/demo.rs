//! `delineate open`, `delineate FILE` and `delineate demo`: start the explorer (or draw one
//! frame of it with `--headless`).

use super::Failure;
use super::args::ViewArgs;
use super::output::ColorChoice;
use crate::corpus::Item;
use crate::source::Input;
use crate::tui::corpus::CorpusJob;
use crate::tui::{self, Sources};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

/// The demo corpus (`scripts/make_demo_corpus.py` writes it), built into the binary so
/// `delineate demo` works from anywhere: about 110 documents in five sources, one folder each.
static DEMO: include_dir::Dir<'static> =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/demo");

/// Every file of the demo as (path below `assets/demo`, bytes), sorted by path.
fn demo_files() -> Vec<(&'static str, &'static [u8])> {
    fn walk(d: &'static include_dir::Dir<'static>, out: &mut Vec<(&'static str, &'static [u8])>) {
        for e in d.entries() {
            match e {
                include_dir::DirEntry::Dir(sub) => walk(sub, out),
                include_dir::DirEntry::File(f) => {
                    if let Some(p) = f.path().to_str() {
                        out.push((p, f.contents()));
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&DEMO, &mut out);
    out.sort_by(|a, b| a.0.cmp(b.0));
    out
}

/// The demo corpus as explorer sources, named `assets/demo/SOURCE/FILE`.
pub fn demo_sources() -> Sources {
    demo_files()
        .into_iter()
        .map(|(path, bytes)| {
            let name = format!("assets/demo/{path}");
            (
                name.clone(),
                Arc::new(Input::from_bytes(name, bytes.to_vec())),
            )
        })
        .collect()
}

fn parse_size(s: &str) -> Result<(u16, u16), Failure> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| Failure::Usage(format!("--headless wants WIDTHxHEIGHT, got {s:?}")))?;
    let n = |v: &str| {
        v.trim()
            .parse::<u16>()
            .ok()
            .filter(|&n| (10..=1000).contains(&n))
            .ok_or_else(|| Failure::Usage(format!("--headless size out of range: {s:?}")))
    };
    Ok((n(w)?, n(h)?))
}

/// Draws one frame (`--headless`) or runs the explorer. Colour: `--color never` or `NO_COLOR`
/// turns it off; `auto` does not ask whether standard output is a terminal (the explorer needs
/// one anyway, and a headless frame is for tests that compare it).
fn start(
    sources: Sources,
    corpus: Option<CorpusJob>,
    view: &ViewArgs,
    color: ColorChoice,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let no_color = match color {
        ColorChoice::Never => true,
        ColorChoice::Always => false,
        ColorChoice::Auto => std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
    };
    match &view.headless {
        Some(size) => {
            let (w, h) = parse_size(size)?;
            let frame = tui::headless_frame(sources, corpus, w, h, &view.keys, no_color);
            let screen = if view.svg {
                tui::svg::buffer_svg(&frame)
            } else {
                tui::buffer_text(&frame)
            };
            out.write_all(screen.as_bytes())?;
            Ok(())
        }
        None => {
            tui::run_with(sources, corpus, !no_color).map_err(|e| Failure::Usage(e.to_string()))
        }
    }
}

/// The demo corpus as one audit job (the files are in memory).
fn demo_corpus(sources: &Sources) -> CorpusJob {
    CorpusJob {
        label: "the bundled demo (assets/demo)".into(),
        items: sources
            .iter()
            .map(|(name, input)| Item::Memory {
                input: input.clone(),
                // The source is the folder: newswire, crawl, mail, office, legacy.
                source: name
                    .trim_start_matches("assets/demo/")
                    .split('/')
                    .next()
                    .unwrap_or("assets/demo")
                    .into(),
            })
            .collect(),
        roots: Vec::new(),
        opts: CorpusJob::options(),
    }
}

/// Opens the explorer on files; a directory opens the corpus view over every file below it,
/// with its first file in the explorer behind.
pub fn open(
    files: &[PathBuf],
    view: &ViewArgs,
    color: ColorChoice,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let dirs: Vec<PathBuf> = files.iter().filter(|f| f.is_dir()).cloned().collect();
    let mut corpus = None;
    let mut paths: Vec<PathBuf> = files.iter().filter(|f| !f.is_dir()).cloned().collect();
    if !dirs.is_empty() {
        let (found, errors) = crate::corpus::walk::files(&dirs);
        for e in &errors {
            super::output::report(format!("{}: {}", e.path, e.error));
        }
        if found.is_empty() {
            return Err(Failure::Usage(format!(
                "no files under {}",
                dirs.iter()
                    .map(|d| crate::visible::path_text(d))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        if paths.is_empty() {
            paths.push(found[0].clone());
        }
        corpus = Some(CorpusJob {
            label: dirs
                .iter()
                .map(|d| crate::visible::path_name(d))
                .collect::<Vec<_>>()
                .join(", "),
            items: found.into_iter().map(Item::Path).collect(),
            roots: dirs,
            opts: CorpusJob::options(),
        });
    }
    let mut sources = Vec::new();
    for f in &paths {
        match super::open(f, view.stdin.bytes()) {
            Ok(input) => sources.push((input.name().to_string(), Arc::new(input))),
            Err(e) => super::output::report(e),
        }
    }
    if sources.is_empty() {
        return Err(Failure::Reported);
    }
    start(sources, corpus, view, color, out)
}

/// Opens the explorer on the demo corpus.
pub fn demo(view: &ViewArgs, color: ColorChoice, out: &mut dyn Write) -> Result<(), Failure> {
    let sources = demo_sources();
    let corpus = demo_corpus(&sources);
    start(sources, Some(corpus), view, color, out)
}

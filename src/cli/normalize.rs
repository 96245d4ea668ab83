//! `delineate normalize`: the pipeline's text; or what each step changed (`--explain`); or the
//! seed's opening story made visible (`--query`): a term in the document, a query that finds
//! nothing in the raw text, and the match after normalisation.

use super::Failure;
use super::args::NormalizeArgs;
use super::decode::choose_encoding;
use crate::anomaly::AnomalyClass;
use crate::decode::window::decode_window;
use crate::normalize::{self, Form, Options, Pipeline, Record, RecordStep, Step};
use crate::present::thousands;
use crate::source::Input;
use crate::visible::visible;
use std::io::Write;

/// Bytes decoded per piece; pieces end at a paragraph break where there is one, so line
/// unwrapping and hyphenation repair never see half a paragraph.
const PIECE_BYTES: u64 = 4 << 20;

fn options(a: &NormalizeArgs) -> Result<Options, Failure> {
    let mut o = Options::default();
    if !a.steps.is_empty() {
        o.steps = a
            .steps
            .iter()
            .map(|s| {
                Step::from_name(s.trim()).ok_or_else(|| {
                    Failure::Usage(format!(
                        "unknown step {s:?}; steps: invisibles, normalize, hyphenation, whitespace, fold"
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        if a.steps.iter().any(|s| s.trim() == "nfkc") {
            o.form = Form::Nfkc;
        }
    }
    if a.nfkc {
        o.form = Form::Nfkc;
    }
    if a.fold && !o.steps.contains(&Step::Fold) {
        o.steps.push(Step::Fold);
    }
    o.punctuation = a.punctuation;
    o.unwrap_lines = !a.keep_lines;
    if !a.remove.is_empty() {
        o.remove = a
            .remove
            .iter()
            .map(|c| {
                AnomalyClass::from_name(c.trim())
                    .ok_or_else(|| Failure::Usage(format!("unknown class {c:?}")))
            })
            .collect::<Result<_, _>>()?;
    }
    Ok(o)
}

/// One decoded piece and its pipeline.
struct Piece {
    window: crate::decode::window::Window,
    /// Text of the piece (a prefix of the window's text).
    len: usize,
    pipeline: Pipeline,
}

/// Decodes `input` piece by piece and runs the pipeline on each.
fn pieces(
    input: &Input,
    cs: crate::decode::Charset,
    skip: u64,
    enc: (&str, &str),
    opts: &Options,
    mut f: impl FnMut(Piece) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut at = skip;
    loop {
        let w = decode_window(input, cs, skip, at, 0, PIECE_BYTES)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        let text = &w.decoded.text;
        let cut = if w.at_end {
            text.len()
        } else {
            text.rfind("\n\n")
                .map(|p| p + 2)
                .or_else(|| text.rfind('\n').map(|p| p + 1))
                .unwrap_or(text.len())
        };
        let pipeline = normalize::run(&text[..cut], Some(enc), opts);
        let next = if cut < text.len() {
            w.span_of_text(cut).map(|s| s.start)
        } else {
            None
        };
        let last = w.at_end && cut == text.len();
        f(Piece {
            window: w,
            len: cut,
            pipeline,
        })?;
        match next {
            Some(n) if n > at && !last => at = n,
            _ => break,
        }
    }
    Ok(())
}

pub fn run(a: &NormalizeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let input = super::open(&a.file, a.stdin.bytes()).map_err(Failure::Usage)?;
    let opts = options(a)?;
    if let Some(rec) = &a.record {
        super::outfile::check("--record", rec, std::slice::from_ref(&a.file), &[])?;
    }
    let (cs, skip, by) = choose_encoding(&input, a.encoding.as_deref())?;
    let enc = (cs.name(), by.as_str());
    let mut totals: Vec<RecordStep> = Vec::new();
    let mut record: Option<Record> = None;
    let query = a
        .query
        .as_deref()
        .map(|q| (q, normalize::normalize_query(q, &opts)));
    let mut raw_hits: Vec<(u64, String)> = Vec::new();
    let mut norm_hits: Vec<(u64, u64, String, Vec<&'static str>)> = Vec::new();
    let mut explained: Vec<(usize, String)> = Vec::new();
    pieces(&input, cs, skip, enc, &opts, |p| {
        merge(&mut totals, &p.pipeline.record.steps);
        record.get_or_insert_with(|| p.pipeline.record.clone());
        let raw = &p.window.decoded.text[..p.len];
        if let Some((q, nq)) = &query {
            for (i, _) in raw.match_indices(q) {
                let b = p.window.span_of_text(i).map_or(0, |s| s.start);
                raw_hits.push((b, around(raw, i, i + q.len())));
            }
            let text = p.pipeline.folded.as_deref().unwrap_or(&p.pipeline.output);
            let folded = p.pipeline.folded.is_some();
            for (i, _) in text.match_indices(nq.as_str()) {
                // Map the match back to the raw text (the fold step keeps offsets per word, so
                // its matches map through the step before it).
                let (s, e) = if folded {
                    let fold = p.pipeline.steps.last().expect("fold ran");
                    (fold.to_input(i), fold.to_input(i + nq.len()))
                } else {
                    (i, i + nq.len())
                };
                let rs = p.pipeline.output_to_original(s);
                let re = p.pipeline.output_to_original(e).max(rs);
                let span = p
                    .window
                    .decoded
                    .map
                    .span_of_range(raw, rs, re.min(raw.len()));
                let kinds = changes_between(&p.pipeline, rs, re);
                norm_hits.push((
                    span.map_or(0, |s| s.start),
                    span.map_or(0, |s| s.end),
                    around(raw, rs, re.min(raw.len())),
                    kinds,
                ));
            }
        } else if a.explain {
            for (k, step) in p.pipeline.steps.iter().enumerate() {
                let input_text = p.pipeline.step_input(raw, k);
                for c in step.changes.iter().take(5) {
                    let o = p.pipeline.original_offset(k, c.at);
                    let b = p
                        .window
                        .span_of_text(o.min(raw.len().saturating_sub(1)))
                        .map_or(0, |s| s.start);
                    let q = if c.kind.starts_with("NF") {
                        quote_cp
                    } else {
                        quote
                    };
                    explained.push((
                        k,
                        format!(
                            "byte {b:<10} {:<26} {} → {}",
                            c.kind,
                            q(&input_text[c.at..c.at + c.len]),
                            q(&c.inserted)
                        ),
                    ));
                }
            }
        } else {
            let text = p.pipeline.folded.as_deref().unwrap_or(&p.pipeline.output);
            out.write_all(text.as_bytes())?;
        }
        Ok(())
    })?;
    let mut record = record.unwrap_or_else(|| normalize::run("", Some(enc), &opts).record);
    record.steps = totals;
    if let Some(path) = &a.record {
        let json =
            serde_json::to_string_pretty(&record).map_err(|e| Failure::Usage(e.to_string()))?;
        super::outfile::write(
            "--record",
            path,
            (json + "\n").as_bytes(),
            std::slice::from_ref(&a.file),
            &[],
        )?;
    }
    if let Some((q, nq)) = &query {
        writeln!(
            out,
            "query {} — normalised the same way: {}",
            quote(q),
            quote(nq)
        )?;
        writeln!(
            out,
            "  raw text ({}, {by}):  {} match{}",
            cs,
            thousands(raw_hits.len() as u64),
            if raw_hits.len() == 1 { "" } else { "es" }
        )?;
        for (b, ctx) in raw_hits.iter().take(20) {
            writeln!(out, "    byte {b:<10} {ctx}")?;
        }
        writeln!(
            out,
            "  normalised text:  {} match{}",
            thousands(norm_hits.len() as u64),
            if norm_hits.len() == 1 { "" } else { "es" }
        )?;
        for (s, e, ctx, kinds) in norm_hits.iter().take(20) {
            let why = if kinds.is_empty() {
                String::new()
            } else {
                format!("   (in the raw text: {})", kinds.join(", "))
            };
            writeln!(out, "    bytes {s}–{e:<8} {ctx}{why}")?;
        }
    } else if a.explain {
        writeln!(
            out,
            "{} — step 1: decoded as {} ({by}); Unicode {} normalisation data",
            visible(input.name(), false),
            cs,
            record.unicode_version
        )?;
        for (k, step) in record.steps.iter().enumerate() {
            let kinds: Vec<String> = step
                .by_kind
                .iter()
                .map(|(k, n)| format!("{k} {}", thousands(*n)))
                .collect();
            writeln!(
                out,
                "step {} {:<12} {} change{}{}",
                k + 2,
                step.step,
                thousands(step.changes),
                if step.changes == 1 { "" } else { "s" },
                if kinds.is_empty() {
                    String::new()
                } else {
                    format!(": {}", kinds.join(" · "))
                }
            )?;
            for (_, line) in explained.iter().filter(|(i, _)| *i == k).take(5) {
                writeln!(out, "    {line}")?;
            }
        }
    }
    Ok(())
}

fn merge(totals: &mut Vec<RecordStep>, steps: &[RecordStep]) {
    if totals.is_empty() {
        *totals = steps.to_vec();
        return;
    }
    for (t, s) in totals.iter_mut().zip(steps) {
        t.changes += s.changes;
        for (k, n) in &s.by_kind {
            match t.by_kind.iter_mut().find(|(tk, _)| tk == k) {
                Some((_, tn)) => *tn += n,
                None => t.by_kind.push((k.clone(), *n)),
            }
        }
    }
}

/// Kinds of change the pipeline made inside original text `[s, e)`: what stood between the
/// raw text and the query.
fn changes_between(p: &Pipeline, s: usize, e: usize) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    for (k, step) in p.steps.iter().enumerate() {
        if step.step == normalize::Step::Fold {
            continue;
        }
        for c in &step.changes {
            let o = p.original_offset(k, c.at);
            if o >= s && o < e.max(s + 1) && !kinds.contains(&c.kind) {
                kinds.push(c.kind);
            }
        }
    }
    kinds
}

fn around(text: &str, s: usize, e: usize) -> String {
    let b = text[..s].char_indices().rev().nth(11).map_or(0, |(i, _)| i);
    let a = text[e..]
        .char_indices()
        .nth(12)
        .map_or(text.len(), |(i, _)| e + i);
    format!(
        "…{}[{}]{}…",
        visible(&text[b..s], false),
        visible(&text[s..e], false),
        visible(&text[e..a], false)
    )
}

fn quote(s: &str) -> String {
    format!("'{}'", visible(s, false))
}

/// A quoted string with its code points, for changes invisible on screen (NFC, NFKC).
fn quote_cp(s: &str) -> String {
    let cps: Vec<String> = s.chars().map(|c| format!("U+{:04X}", c as u32)).collect();
    format!("{} ({})", quote(s), cps.join(" "))
}

//! `delineate fix`: undo mojibake line by line; `--explain` shows the hypotheses and rounds.
//!
//! One line is little context: a word of clean Slovak can look like mojibake on its own
//! (`zvlášť` holds bytes that are UTF-8 for `ṻ` read as ISO-8859-2). So the start of the file
//! is analysed first, as a whole, and a line's repair is set aside when the whole text shows
//! that same chain of encodings to be a coincidence.

use super::Failure;
use super::args::FixArgs;
use crate::decode::charset::Charset;
use crate::decode::{ErrorMode, stream};
use crate::encoding::mojibake::{self, Verdict};
use crate::source::Input;
use crate::visible::visible;
use std::io::Write;

/// The chains of encodings that the analysis of the file's start judges coincidental.
fn coincidental_chains(input: &Input) -> Vec<Vec<Charset>> {
    let Ok(head) = input.head(mojibake::CONTEXT_BYTES) else {
        return Vec::new();
    };
    mojibake::coincidental_chains(&String::from_utf8_lossy(&head))
}

struct Tally {
    lines: u64,
    fixed: u64,
    lost: u64,
    invalid_utf8: u64,
}

/// The longest stretch of one line analysed at once (see [`run`]).
const MAX_PIECE: usize = 1 << 20;

/// Where to cut a piece of a long line: after its last ASCII white space, else after its last
/// ASCII byte (mojibake is a run of non-ASCII characters: never cut through one), else at its
/// last character boundary.
fn piece_end(b: &[u8]) -> usize {
    if let Some(p) = b.iter().rposition(|c| c.is_ascii_whitespace()) {
        return p + 1;
    }
    if let Some(p) = b.iter().rposition(|&c| c < 0x80) {
        return p + 1;
    }
    let mut cut = b.len();
    while cut > 0 && (b[cut - 1] & 0xC0) == 0x80 {
        cut -= 1;
    }
    // `cut - 1` is a lead or ASCII byte; a lead byte's sequence may continue: cut before it.
    if cut > 0 && b[cut - 1] >= 0xC0 {
        cut -= 1;
    }
    if cut == 0 { b.len() } else { cut }
}

pub fn run(a: &FixArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let input = super::open(&a.file, a.stdin.bytes()).map_err(Failure::Usage)?;
    let mut tally = Tally {
        lines: 0,
        fixed: 0,
        lost: 0,
        invalid_utf8: 0,
    };
    // Worked out at the first line that has a repair: a clean file never pays for it.
    let mut coincidences: Option<Vec<Vec<Charset>>> = None;
    let mut carry: Vec<u8> = Vec::new();
    let mut write_err = None;
    // Lines are analysed in parallel, a batch (one chunk of the input) at a time, and written
    // in order.
    let mut handle_batch = |lines: &[(&[u8], &[u8])], tally: &mut Tally| -> std::io::Result<()> {
        use rayon::prelude::*;
        // Each line's text, and its analysis unless it is clean at a glance.
        let analysed: Vec<(std::borrow::Cow<str>, Option<mojibake::Analysis>)> = lines
            .par_iter()
            .map(|(line, _)| {
                let text = String::from_utf8_lossy(line);
                let analysis =
                    (!mojibake::clean_at_a_glance(&text)).then(|| mojibake::analyze(&text));
                (text, analysis)
            })
            .collect();
        if coincidences.is_none()
            && analysed
                .iter()
                .any(|(_, a)| a.as_ref().is_some_and(|a| a.repaired.is_some()))
        {
            coincidences = Some(coincidental_chains(&input));
        }
        for ((_, ending), (text, analysis)) in lines.iter().zip(analysed) {
            let text = &text;
            tally.lines += 1;
            // The lossy reading copies only when the bytes were not UTF-8.
            if matches!(text, std::borrow::Cow::Owned(_)) {
                tally.invalid_utf8 += 1;
            }
            // Most lines hold nothing to repair.
            let Some(mut analysis) = analysis else {
                if !a.explain {
                    out.write_all(text.as_bytes())?;
                    out.write_all(ending)?;
                }
                continue;
            };
            // The whole text says this repair is a coincidence: the line stays as it is.
            let set_aside = analysis.repaired.is_some()
                && coincidences
                    .as_ref()
                    .is_some_and(|c| c.contains(&analysis.chain));
            if set_aside {
                analysis.repaired = None;
                analysis.verdict = if analysis.lost.is_empty() {
                    Verdict::Clean
                } else {
                    Verdict::Unrecoverable
                };
            }
            match analysis.verdict {
                Verdict::Repairable | Verdict::PartiallyRecoverable => tally.fixed += 1,
                Verdict::Unrecoverable => tally.lost += 1,
                Verdict::Clean | Verdict::NotText => {}
            }
            if a.explain {
                if set_aside
                    || !analysis.refused.is_empty()
                    || !matches!(analysis.verdict, Verdict::Clean | Verdict::NotText)
                {
                    explain(out, tally.lines, text, &analysis, set_aside)?;
                }
            } else {
                let fixed = analysis.repaired.as_deref().unwrap_or(text);
                out.write_all(fixed.as_bytes())?;
                out.write_all(ending)?;
            }
        }
        Ok(())
    };
    // With --encoding the bytes are decoded first (as UTF-8 they are read as they are).
    let transcode = match &a.encoding {
        Some(l) => {
            let (cs, skip, _) = super::decode::choose_encoding(&input, Some(l))?;
            (cs != Charset::UTF_8).then_some((cs, skip))
        }
        None => None,
    };
    // Each piece of bytes (as UTF-8) goes on the carried part line; complete lines are repaired.
    let mut take = |bytes: &[u8]| -> bool {
        carry.extend_from_slice(bytes);
        let Some(last_nl) = memchr::memrchr(b'\n', &carry) else {
            // A line longer than MAX_PIECE is repaired a piece at a time, cut at white
            // space (repairs are word-local): the analysis of one line costs some thirty
            // times its size, and a file need not have line ends at all.
            while carry.len() > MAX_PIECE {
                let cut = piece_end(&carry[..MAX_PIECE]);
                let piece: Vec<u8> = carry.drain(..cut).collect();
                if let Err(e) = handle_batch(&[(&piece, b"")], &mut tally) {
                    write_err = Some(e);
                    return false;
                }
                tally.lines -= 1; // one line, however many pieces
            }
            return true;
        };
        let complete: Vec<u8> = carry.drain(..=last_nl).collect();
        let lines: Vec<(&[u8], &[u8])> = complete
            .split_inclusive(|&b| b == b'\n')
            .map(|line| {
                let body = line.strip_suffix(b"\n").unwrap_or(line);
                match body.strip_suffix(b"\r") {
                    Some(b) => (b, &b"\r\n"[..]),
                    None => (body, &b"\n"[..]),
                }
            })
            .collect();
        if let Err(e) = handle_batch(&lines, &mut tally) {
            write_err = Some(e);
            return false;
        }
        true
    };
    match transcode {
        Some((cs, skip)) => {
            let end = input.len();
            stream::decode_range(&input, cs, ErrorMode::Replace, skip, end, |t| {
                take(t.as_bytes())
            })
            .map(|_| ())
        }
        None => input.for_each_chunk(|_, chunk| take(chunk)),
    }
    .map_err(|e| Failure::Usage(e.to_string()))?;
    if let Some(e) = write_err {
        return Err(Failure::Io(e));
    }
    if !carry.is_empty() {
        handle_batch(&[(&carry, b"")], &mut tally)?;
    }
    if tally.invalid_utf8 > 0 {
        super::output::report(format!(
            "{}: {} line{} not valid UTF-8 and {} read with U+FFFD replacements; decode the file first (delineate inspect / decode)",
            input.name(),
            tally.invalid_utf8,
            if tally.invalid_utf8 == 1 {
                " was"
            } else {
                "s were"
            },
            if tally.invalid_utf8 == 1 {
                "was"
            } else {
                "were"
            }
        ));
    }
    if a.explain {
        writeln!(
            out,
            "{} line{}: {} repaired, {} with lost bytes (unrecoverable), {} clean",
            tally.lines,
            if tally.lines == 1 { "" } else { "s" },
            tally.fixed,
            tally.lost,
            tally.lines - tally.fixed - tally.lost
        )?;
    }
    Ok(())
}

/// The hypotheses and rounds of one line; `set_aside` when the whole text showed its best
/// repair to be a coincidence.
fn explain(
    out: &mut dyn Write,
    n: u64,
    text: &str,
    a: &mojibake::Analysis,
    set_aside: bool,
) -> std::io::Result<()> {
    writeln!(out, "line {n}: {}", visible(text, false))?;
    writeln!(out, "  verdict: {}", a.description)?;
    // Set aside, the repair is not made: only the text's own score.
    let plausibility = if set_aside {
        a.plausibility_before.describe()
    } else {
        a.plausibility_summary()
    };
    writeln!(out, "  plausibility: {plausibility}")?;
    writeln!(
        out,
        "  hypotheses, best first (cost = fingerprints left + 0.25 per round):"
    )?;
    for (i, h) in a.hypotheses.iter().take(6).enumerate() {
        let chain: Vec<&str> = h.chain.iter().map(|c| c.name()).collect();
        let steps = h.steps(text);
        writeln!(
            out,
            "    {}. undo {:<40} cost {:.2}  {} sequence{} repaired  → {}{}",
            i + 1,
            chain.join(", then "),
            h.cost,
            h.sequences_repaired,
            if h.sequences_repaired == 1 { "" } else { "s" },
            visible(steps.last().map_or(text, String::as_str), false),
            if h.coincidental {
                "  (coincidence: repairs a few words of clean text into characters it never uses)"
            } else {
                ""
            }
        )?;
    }
    writeln!(
        out,
        "    -. leave unchanged{:<33} cost {:.2}",
        "", a.unchanged_cost
    )?;
    let chosen = a.hypotheses.iter().find(|h| h.chain == a.chain);
    if let Some(best) = chosen.filter(|_| a.repaired.is_some()) {
        for (round, (cs, step)) in best
            .chain
            .iter()
            .zip(best.steps(text).iter().skip(1))
            .enumerate()
        {
            writeln!(
                out,
                "  round {}: text read as {cs} → re-read as UTF-8: {}",
                round + 1,
                visible(step, false)
            )?;
        }
    }
    for r in &a.refused {
        writeln!(
            out,
            "  refused: {} → {} (undoing {}): {}",
            visible(&r.word, false),
            visible(&r.would_be, false),
            r.encoding,
            r.reason
        )?;
    }
    for l in &a.lost {
        writeln!(
            out,
            "  lost: …{}…  {}",
            visible(&l.context, false),
            l.reason
        )?;
    }
    match &a.repaired {
        Some(r) => writeln!(out, "  result: {}", visible(r, false))?,
        None if set_aside => writeln!(
            out,
            "  result: left unchanged — across the start of the file this repair is a coincidence (it turns a few words of clean text into characters the text never uses)"
        )?,
        None => writeln!(out, "  result: left unchanged")?,
    }
    writeln!(out)
}

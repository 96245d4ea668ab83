//! `delineate langid`: the language of each file and of each passage, on the extracted text;
//! `langid explain` (the seed's worked example), `langid eval` (the seed's experiment),
//! `langid build-profiles`.

use super::args::{
    LangidArgs, LangidBuildArgs, LangidCommand, LangidEvalArgs, LangidExplainArgs, MethodArg,
};
use super::output::json_line;
use super::{Failure, guard};
use crate::analyze;
use crate::extract::{self, DocumentUnit};
use crate::langid::{self, Method, Options, Passage, Verdict, ct, eval};
use crate::present::thousands;
use crate::source::Input;
use crate::visible::visible;
use serde::Serialize;
use std::io::Write;

fn method(m: MethodArg) -> Method {
    match m {
        MethodArg::Ct => Method::CavnarTrenkle,
        MethodArg::Nb => Method::Bayes,
    }
}

/// Lines `langid --lines` classifies before writing their verdicts (of one file or of several
/// small ones): the memory a batch's verdicts take stays small, and the threads share each
/// batch.
const LINE_BATCH: usize = 4096;

/// Lines a batch must hold to be shared among threads: starting them costs more than a few
/// lines do.
const PARALLEL_FROM: usize = 64;

pub fn run(a: &LangidArgs, out: &mut dyn Write) -> Result<(), Failure> {
    match &a.command {
        Some(LangidCommand::Explain(e)) => return explain(e, out),
        Some(LangidCommand::Eval(e)) => return run_eval(e, out),
        Some(LangidCommand::BuildProfiles(b)) => return build(b, out),
        None => {}
    }
    if a.files.is_empty() {
        return Err(Failure::Usage(
            "langid needs a FILE (or `-`), or one of: explain, eval, build-profiles".into(),
        ));
    }
    let opts = Options {
        method: method(a.method),
        only: a.only.clone(),
        no_abstain: a.no_abstain,
    };
    check_codes(&opts)?;
    // The threads `--lines` shares a file's lines among, started for the first batch that is
    // worth it (none on `--threads 1`).
    let mut pool: Option<rayon::ThreadPool> = None;
    let id = langid::Identifier::new(&opts);
    let mut pending = PendingLines::default();
    let mut failed = false;
    for (i, path) in a.files.iter().enumerate() {
        let input = match super::open(path, a.stdin.bytes()) {
            Ok(i) => i,
            Err(e) => {
                super::output::report(e);
                failed = true;
                continue;
            }
        };
        if a.lines {
            let text = match guard(input.name(), || {
                extract::decode_text(input.name(), read_all(&input), None)
            }) {
                Ok(d) => d.text,
                Err(m) => {
                    super::output::report(&m);
                    failed = true;
                    continue;
                }
            };
            // The file's lines wait with those of the files before it until a batch is full,
            // so that small files share the threads too.
            let t = pending.texts.len();
            let mut at = 0;
            for (n, line) in text.split_inclusive('\n').enumerate() {
                // As `str::lines` cuts them: `\n` or `\r\n` ends a line.
                let body = line
                    .strip_suffix('\n')
                    .map_or(line, |l| l.strip_suffix('\r').unwrap_or(l));
                pending.lines.push((t, n + 1, at..at + body.len()));
                at += line.len();
            }
            pending.texts.push(text);
            pending.write(&id, a, &mut pool, false, out)?;
            continue;
        }
        let analysed = guard(input.name(), || {
            analyze::document(
                &input,
                &analyze::Options {
                    parts: analyze::Parts {
                        languages: true,
                        ..Default::default()
                    },
                    langid: opts.clone(),
                    ..Default::default()
                },
            )
        });
        let (x, languages) = match analysed {
            Ok(Ok(a)) => (a.extraction.expect("asked for"), a.languages),
            Ok(Err(e)) => {
                super::output::report(&e);
                failed = true;
                continue;
            }
            Err(m) => {
                super::output::report(&m);
                failed = true;
                continue;
            }
        };
        if let Some(e) = &x.error {
            super::output::report(format!(
                "{}: {e}{}",
                x.path,
                super::extract::hint(e.limit_kind())
            ));
            failed = true;
        }
        if x.units.is_empty() && x.error.is_none() {
            super::output::report(format!(
                "{}: {}: no text to identify",
                x.path,
                x.format.detected.description()
            ));
        }
        let reports: Vec<UnitLanguage> = x
            .units
            .iter()
            .zip(languages)
            .map(|(u, t)| unit_language(u, t))
            .collect();
        if a.json {
            json_line(
                out,
                &FileLanguages {
                    path: &x.path,
                    path_bytes: x.path_bytes.clone(),
                    format: x.format.detected.name(),
                    method: opts.method,
                    units: reports,
                },
            )?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            for (r, u) in reports.iter().zip(&x.units) {
                human(out, &x.path, r, &u.text)?;
            }
        }
    }
    pending.write(&id, a, &mut pool, true, out)?;
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// Lines of `langid --lines` waiting for their verdicts, from one file or several: the files'
/// texts are held until all their lines are written.
#[derive(Default)]
struct PendingLines {
    texts: Vec<String>,
    /// (text, line number within its file, where the line lies in the text), in order.
    lines: Vec<(usize, usize, std::ops::Range<usize>)>,
    /// Lines already written (the first ones).
    written: usize,
}

impl PendingLines {
    /// Classifies and writes the waiting lines a full batch ([`LINE_BATCH`]) at a time, the rest
    /// too when `all`. A batch's lines are shared among the threads (started for the first batch
    /// of [`PARALLEL_FROM`] lines or more, none on `--threads 1`) and written in order: each
    /// line's verdict is its own (the caches only remember), so the output is the same on any
    /// number of threads.
    fn write(
        &mut self,
        id: &langid::Identifier,
        a: &LangidArgs,
        pool: &mut Option<rayon::ThreadPool>,
        all: bool,
        out: &mut dyn Write,
    ) -> Result<(), Failure> {
        loop {
            let waiting = &self.lines[self.written..];
            if waiting.is_empty() || (waiting.len() < LINE_BATCH && !all) {
                break;
            }
            let batch = &waiting[..waiting.len().min(LINE_BATCH)];
            let shared = batch.len() >= PARALLEL_FROM && a.threads != Some(1);
            if shared && pool.is_none() {
                *pool = Some(
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(a.threads.unwrap_or(0))
                        .build()
                        .map_err(|e| Failure::Usage(format!("--threads: {e}")))?,
                );
            }
            let texts = &self.texts;
            let verdict = |(t, _, r): &(usize, usize, std::ops::Range<usize>)| {
                id.identify(&texts[*t][r.clone()])
            };
            let verdicts: Vec<Verdict> = match pool.as_ref() {
                Some(pool) if shared => pool.install(|| {
                    use rayon::prelude::*;
                    batch.par_iter().map(verdict).collect()
                }),
                _ => batch.iter().map(verdict).collect(),
            };
            for ((_, n, _), v) in batch.iter().zip(&verdicts) {
                if a.json {
                    json_line(
                        out,
                        &LineLanguage {
                            line: *n,
                            verdict: v,
                        },
                    )?;
                } else {
                    writeln!(out, "{n}\t{}\t{:.3}", v.language, v.confidence)?;
                }
            }
            self.written += batch.len();
        }
        if self.written == self.lines.len() {
            self.texts.clear();
            self.lines.clear();
            self.written = 0;
        }
        Ok(())
    }
}

fn read_all(input: &Input) -> Vec<u8> {
    input.read_range(0, input.len()).unwrap_or_default()
}

fn check_codes(opts: &Options) -> Result<(), Failure> {
    let m = langid::models();
    let known: Vec<&str> = match opts.method {
        Method::CavnarTrenkle => m.ct.langs.iter().map(|l| l.code.as_str()).collect(),
        Method::Bayes => m.nb.langs.iter().map(|l| l.code.as_str()).collect(),
    };
    for c in &opts.only {
        if !known.contains(&c.as_str()) {
            return Err(Failure::Usage(format!(
                "unknown language code {c:?} for --method {}; known: {}",
                opts.method.name(),
                known.join(" ")
            )));
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct FileLanguages<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_bytes: Option<Vec<u8>>,
    format: &'static str,
    method: Method,
    units: Vec<UnitLanguage>,
}

#[derive(Serialize)]
struct UnitLanguage {
    locator: String,
    id: String,
    verdict: Verdict,
    passages: Vec<Passage>,
    /// Letters per language over the passages, most first.
    shares: Vec<(String, usize)>,
    declared: Vec<langid::Declared>,
}

fn unit_language(u: &DocumentUnit, t: langid::TextLanguages) -> UnitLanguage {
    UnitLanguage {
        locator: u.locator.to_string(),
        id: u.id.clone(),
        verdict: t.verdict,
        passages: t.passages,
        shares: t.shares,
        declared: t.declared,
    }
}

fn verdict_words(v: &Verdict) -> String {
    let mut s = format!("{} {}", v.language, v.name);
    if v.language != "und" {
        s.push_str(&format!(" (confidence {:.2}", v.confidence));
        if !v.members.is_empty() {
            let each: Vec<String> = v.members.iter().map(ToString::to_string).collect();
            s.push_str(&format!(" = {}", each.join(" + ")));
        }
        // A `mul` verdict's margin is its whole text's, which is not what decided it.
        if v.margin.is_finite() && v.language != "mul" {
            match v.method {
                Method::Bayes => s.push_str(&format!(", margin {:.3} nats per feature", v.margin)),
                Method::CavnarTrenkle => s.push_str(&format!(", margin {:.1} %", v.margin * 100.0)),
            }
        }
        s.push(')');
    }
    if let Some(r) = &v.reason {
        s.push_str(&format!(" — {r}"));
    }
    s
}

fn human(out: &mut dyn Write, path: &str, r: &UnitLanguage, text: &str) -> std::io::Result<()> {
    writeln!(
        out,
        "{} · {} — {}",
        visible(path, false),
        visible(&r.locator, false),
        visible(&verdict_words(&r.verdict), false)
    )?;
    let top: Vec<String> = r
        .verdict
        .candidates
        .iter()
        .map(|c| format!("{} {:.2}", c.code, c.score))
        .collect();
    if !top.is_empty() {
        writeln!(out, "  candidates: {}", top.join(" · "))?;
    }
    // Close relatives: what told them apart.
    for (label, each) in [
        ("words that tell them apart", &r.verdict.distinguishing),
        ("by frequency in general text", &r.verdict.frequent),
    ] {
        let sides: Vec<String> = each
            .iter()
            .filter(|d| !d.words.is_empty())
            .map(|d| match d.weight {
                Some(w) => format!("{w:.1} nats for {} ({})", d.code, d.words.join(", ")),
                None => format!("only {} writes {}", d.code, d.words.join(", ")),
            })
            .collect();
        if !sides.is_empty() {
            writeln!(out, "  {label}: {}", visible(&sides.join(" · "), false))?;
        }
    }
    for d in &r.declared {
        match &d.note {
            Some(n) if !d.agrees => writeln!(out, "  ✗ {}", visible(n, false))?,
            Some(n) => writeln!(out, "  · {}", visible(n, false))?,
            None => writeln!(
                out,
                "  ✓ declared {} ({}) agrees",
                visible(&d.value, false),
                d.source
            )?,
        }
    }
    if r.passages.len() > 1 {
        let total: usize = r.shares.iter().map(|s| s.1).sum::<usize>().max(1);
        let shares: Vec<String> = r
            .shares
            .iter()
            .map(|(l, n)| format!("{l} {:.0} %", *n as f64 * 100.0 / total as f64))
            .collect();
        writeln!(
            out,
            "  passages ({}): {}",
            r.passages.len(),
            shares.join(", ")
        )?;
        for p in &r.passages {
            writeln!(
                out,
                "    {:>7}–{:<7} {:<6} {:>4.2}  {}",
                p.start,
                p.end,
                p.verdict.language,
                p.verdict.confidence,
                visible(&preview(text, p), false)
            )?;
        }
    }
    Ok(())
}

/// The start of a passage's text, for the listing.
fn preview(text: &str, p: &Passage) -> String {
    let t = text.get(p.start..p.end).unwrap_or("");
    let mut s: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() > 60 {
        s = s.chars().take(59).collect::<String>() + "…";
    }
    s
}

fn explain(a: &LangidExplainArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let text = a.text.join(" ");
    let m = langid::models();
    let doc = ct::Profile::of_text(&text, usize::MAX);
    let mut cols = Vec::new();
    for code in &a.languages {
        match m.ct.langs.iter().position(|l| &l.code == code) {
            Some(i) => cols.push(i),
            None => {
                return Err(Failure::Usage(format!(
                    "unknown language {code:?}; the Cavnar–Trenkle profiles are: {}",
                    m.ct.langs
                        .iter()
                        .map(|l| l.code.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                )));
            }
        }
    }
    writeln!(
        out,
        "\"{}\" — {} distinct n-grams (Cavnar–Trenkle: profiles of the {} most frequent n-grams, absent n-grams add {})",
        visible(&text, false),
        doc.len(),
        ct::PROFILE_SIZE,
        ct::PROFILE_SIZE
    )?;
    writeln!(out)?;
    let mut header = format!("{:<8} {:>5}", "n-gram", "rank");
    for &i in &cols {
        header.push_str(&format!(
            "  {:>7} {:>5}",
            format!("{} rank", m.ct.langs[i].code),
            "adds"
        ));
    }
    writeln!(out, "{header}")?;
    let rows: Vec<Vec<ct::Row>> = cols
        .iter()
        .map(|&i| ct::rows(&doc, &m.ct.profiles[i]))
        .collect();
    let n = if a.rows == 0 {
        doc.len()
    } else {
        a.rows.min(doc.len())
    };
    for r in 0..n {
        let mut line = format!("{:<8} {:>5}", visible(&doc.grams[r], false), r);
        for col in &rows {
            let x = &col[r];
            line.push_str(&format!(
                "  {:>7} {:>5}",
                x.lang_rank.map_or("absent".to_string(), |v| v.to_string()),
                x.adds
            ));
        }
        writeln!(out, "{line}")?;
    }
    if n < doc.len() {
        writeln!(out, "… {} more rows (--rows 0 shows all)", doc.len() - n)?;
    }
    writeln!(out)?;
    let mut results: Vec<(u64, u32, usize)> =
        m.ct.profiles
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let (d, absent) = ct::distance(&doc, p);
                (d, absent, i)
            })
            .collect();
    for &i in &cols {
        let (d, absent, _) = results
            .iter()
            .find(|r| r.2 == i)
            .copied()
            .unwrap_or_default();
        writeln!(
            out,
            "{}: distance {} — {} n-grams absent from its profile add {}",
            m.ct.langs[i].name,
            thousands(d),
            absent,
            thousands(absent as u64 * ct::PROFILE_SIZE as u64)
        )?;
    }
    results.sort_by(|a, b| a.0.cmp(&b.0).then(a.2.cmp(&b.2)));
    let ranking: Vec<String> = results
        .iter()
        .map(|(d, _, i)| format!("{} {}", m.ct.langs[*i].code, thousands(*d)))
        .collect();
    writeln!(out, "ranking (smallest wins): {}", ranking.join(" · "))?;
    Ok(())
}

#[derive(Serialize)]
struct EvalReport<'a> {
    method: Method,
    languages: Vec<&'a str>,
    settings: String,
    results: &'a [eval::LengthResult],
}

fn run_eval(a: &LangidEvalArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if !a.data.join("udhr").is_dir() {
        return Err(Failure::Usage(format!(
            "{}: no udhr/ folder here; --data names the shared data folder (../shared/data)",
            crate::visible::path_text(&a.data)
        )));
    }
    let sets = if a.all_languages {
        eval::all_sets(&a.data)
    } else {
        eval::nine_sets(&a.data)
    }
    .map_err(|e| Failure::Usage(e.to_string()))?;
    let only: Vec<String> = sets.iter().map(|s| s.code.clone()).collect();
    let sets = match (&a.corpus, &a.code) {
        (Some(dir), Some(code)) => {
            if !only.contains(code) {
                return Err(Failure::Usage(format!(
                    "--code {code}: not among the evaluated languages ({})",
                    only.join(" ")
                )));
            }
            vec![eval::corpus_set(dir, code).map_err(|e| Failure::Usage(e.to_string()))?]
        }
        _ => sets,
    };
    let opts = Options {
        method: method(a.method),
        only,
        no_abstain: !a.abstain,
    };
    if opts.method == Method::CavnarTrenkle && a.all_languages {
        return Err(Failure::Usage(
            "the Cavnar–Trenkle profiles cover the seed's nine languages; use --method nb with --all-languages".into(),
        ));
    }
    let settings = eval::Settings {
        lengths: a.lengths.clone(),
        per_language: a.per_language,
        seeds: a.seeds,
    };
    let mut dump = a.dump_snippets.as_ref().map(|_| Vec::new());
    let results = eval::run(&sets, &opts, &settings, dump.as_mut());
    if let (Some(path), Some(snips)) = (&a.dump_snippets, dump) {
        let mut s = String::new();
        for (c, t) in snips {
            s.push_str(&format!("{c}\t{}\n", t.replace(['\t', '\n'], " ")));
        }
        let mut inputs = vec![a.data.clone()];
        inputs.extend(a.corpus.iter().cloned());
        super::outfile::write("--dump-snippets", path, s.as_bytes(), &inputs, &[])?;
    }
    if a.json {
        json_line(
            out,
            &EvalReport {
                method: opts.method,
                languages: sets.iter().map(|s| s.code.as_str()).collect(),
                settings: format!("{} per language, {} seeds", a.per_language, a.seeds),
                results: &results,
            },
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "{} over {} languages: {} snippets per language per length, {} seeds{}",
        match opts.method {
            Method::CavnarTrenkle => "Cavnar–Trenkle",
            Method::Bayes => "naive Bayes",
        },
        opts.only.len(),
        a.per_language,
        a.seeds,
        if a.abstain {
            " (groups of close relatives allowed)"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "{:>7}  {:>8}  {:>13}  main confusions (over all seeds)",
        "length", "median", "IQR"
    )?;
    for r in &results {
        let mut conf: Vec<(&String, &u64)> = r.confusions.iter().collect();
        conf.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let top: Vec<String> = conf
            .iter()
            .take(4)
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let extra = if a.abstain {
            format!(
                "  (with groups {:.1} %, abstained {:.1} %)",
                r.median_with_groups * 100.0,
                r.abstained * 100.0
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "{:>7}  {:>7.1} %  {:>5.1}–{:<5.1} %  {}{extra}",
            r.length,
            r.median * 100.0,
            r.q1 * 100.0,
            r.q3 * 100.0,
            top.join(", ")
        )?;
    }
    if a.all_languages {
        writeln!(out)?;
        writeln!(
            out,
            "per language at the shortest length (accuracy over all seeds):"
        )?;
        if let Some(r) = results.first() {
            let mut per: Vec<(&String, &f64)> = r.per_language.iter().collect();
            per.sort_by(|a, b| a.1.total_cmp(b.1).then(a.0.cmp(b.0)));
            for chunk in per.chunks(8) {
                let row: Vec<String> = chunk
                    .iter()
                    .map(|(c, v)| format!("{c} {:.0} %", *v * 100.0))
                    .collect();
                writeln!(out, "  {}", row.join("  "))?;
            }
        }
    }
    Ok(())
}

fn build(a: &LangidBuildArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let notes = langid::build::build_all(&a.data, &a.out, a.cldr.as_deref(), a.dicts.as_deref())
        .map_err(|e| Failure::Usage(e.to_string()))?;
    for n in notes {
        writeln!(out, "{n}")?;
    }
    Ok(())
}

/// One line's verdict, for `langid --lines --json`.
#[derive(Serialize)]
struct LineLanguage<'a> {
    /// 1-based.
    line: usize,
    verdict: &'a langid::Verdict,
}

//! `delineate audit` and `delineate merge`: the corpus audit as text, JSON, TSV or Markdown,
//! with a progress bar on stderr (when it is a terminal), clean interruption with Ctrl-C, and
//! partial results that merge.

use super::Failure;
use super::args::{AuditArgs, AuditFormat, AuditReportArgs, MergeArgs, TokenRuleArg, UnitArg};
use super::output::{json_array_parallel, json_to, write_json_array};
use crate::corpus::{self, Audit, AuditOptions, FailOn, Partial, Progress, Signal};
use crate::extract::UnitChoice;
use crate::present::thousands;
use crate::terms::TokenRule;
use crate::visible::{path_text, visible};
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

fn format_of(r: &AuditReportArgs) -> AuditFormat {
    if r.json {
        AuditFormat::Json
    } else if r.tsv {
        AuditFormat::Tsv
    } else if r.markdown {
        AuditFormat::Markdown
    } else {
        r.format
    }
}

fn options(r: &AuditReportArgs, tokens: TokenRule, depth: usize, unit: UnitChoice) -> AuditOptions {
    AuditOptions {
        tokens,
        top: r.top,
        source_depth: depth,
        unit,
        max_documents: r.documents.max(1),
        max_terms: r.max_terms.max(1000),
        ..Default::default()
    }
}

/// The paths of a `--files-from` list: NUL-separated when the list holds a NUL byte (names may
/// hold newlines), else one per line; empty entries are skipped.
fn read_file_list(list: &std::path::Path) -> Result<Vec<std::path::PathBuf>, Failure> {
    use std::os::unix::ffi::OsStrExt;
    let bytes = if list.as_os_str() == "-" {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut b)?;
        b
    } else {
        std::fs::read(list)
            .map_err(|e| Failure::Usage(format!("--files-from {}: {e}", path_text(list))))?
    };
    let sep = if bytes.contains(&0) { 0 } else { b'\n' };
    Ok(bytes
        .split(|&b| b == sep)
        .map(|p| p.strip_suffix(b"\r").filter(|_| sep == b'\n').unwrap_or(p))
        .filter(|p| !p.is_empty())
        .map(|p| std::path::PathBuf::from(std::ffi::OsStr::from_bytes(p)))
        .collect())
}

/// `--list-files`: the walk's files, then the paths it could not use (so that a shard given
/// them reports the same errors), raw and NUL-terminated for a program, visible on a terminal.
fn list_files(paths: &[std::path::PathBuf], out: &mut dyn Write) -> Result<(), Failure> {
    use std::os::unix::ffi::OsStrExt;
    let (files, errors) = corpus::walk::files(paths);
    let terminal = std::io::stdout().is_terminal();
    let error_paths = errors.iter().map(|e| match &e.path_bytes {
        Some(b) => std::path::PathBuf::from(std::ffi::OsStr::from_bytes(b)),
        None => std::path::PathBuf::from(&e.path),
    });
    for p in files.into_iter().chain(error_paths) {
        if terminal {
            writeln!(out, "{}", path_text(&p))?;
        } else {
            out.write_all(p.as_os_str().as_bytes())?;
            out.write_all(b"\0")?;
        }
    }
    Ok(())
}

pub fn run(a: &AuditArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let fails: Vec<FailOn> = a
        .report
        .fail_on
        .iter()
        .map(|f| parse_fail_on(f))
        .collect::<Result<_, _>>()
        .map_err(Failure::Usage)?;
    let tokens = match a.tokens {
        TokenRuleArg::Alnum => TokenRule::Alnum,
        TokenRuleArg::Letters => TokenRule::Letters,
    };
    let unit = match a.unit {
        UnitArg::File => UnitChoice::File,
        UnitArg::Page => UnitChoice::Page,
        UnitArg::Message => UnitChoice::Message,
        UnitArg::Part => UnitChoice::Part,
        UnitArg::Document => UnitChoice::Document,
        UnitArg::Auto => UnitChoice::Auto,
    };
    let mut opts = options(&a.report, tokens, a.by_source, unit);
    opts.limits = super::extract::limits(&a.limits)?;
    let mut paths = a.paths.clone();
    if let Some(list) = &a.files_from {
        paths.extend(read_file_list(list)?);
    }
    if a.list_files {
        return list_files(&paths, out);
    }
    // The models and word lists load on another thread while the walk runs (about 2 ms that
    // the audit's first files would otherwise wait for).
    let (files, walk_errors) = std::thread::scope(|s| {
        s.spawn(corpus::warm_up);
        corpus::walk::files(&paths)
    });
    if let Some(path) = &a.emit_partial {
        // Before anything is read: the partial must not land on the corpus.
        super::outfile::check("--emit-partial", path, &paths, &files)?;
    }
    let roots = match &a.root {
        Some(r) => vec![r.clone()],
        None => paths.clone(),
    };
    let progress = Arc::new(Progress::default());
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let c = cancel.clone();
        // Ctrl-C stops between files; the report says the audit was interrupted.
        let _ = ctrlc::set_handler(move || {
            if c.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
    }
    let bar = std::io::stderr()
        .is_terminal()
        .then(|| spawn_bar(progress.clone(), files.len()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
        .map_err(|e| Failure::Usage(format!("--threads: {e}")))?;
    let mut unfolded =
        pool.install(|| corpus::audit_files_unfolded(&files, &roots, &opts, &progress, &cancel));
    // A path given on the command line that cannot be read is a usage error (exit 2), after
    // the report of what could be read.
    let unreadable: Vec<String> = walk_errors
        .iter()
        .filter(|e| e.given)
        .map(|e| format!("{}: {}", e.path, e.error))
        .collect();
    let unreadable = move |r: Result<(), Failure>| -> Result<(), Failure> {
        if unreadable.is_empty() || matches!(r, Err(Failure::Io(_))) {
            return r;
        }
        for m in &unreadable {
            super::output::report(m);
        }
        Err(Failure::Reported)
    };
    unfolded.partial.errors.extend(walk_errors);
    unfolded.partial.errors.sort();
    if let Some((stop, h)) = bar {
        stop.store(true, Ordering::SeqCst);
        let _ = h.join();
    }
    // `--show-root`: the report names documents below ROOT as below PREFIX.
    let rebase = |p: &mut Partial| {
        if let (Some(prefix), Some(root)) = (&a.show_root, &a.root) {
            p.rebase(&crate::visible::path_name(root), prefix);
        }
    };
    if let Some(path) = &a.emit_partial {
        let mut partial = unfolded.fold(&opts);
        rebase(&mut partial);
        partial.shards = vec![corpus::shard_id(&files)];
        let json = serde_json::to_vec(&partial).map_err(|e| Failure::Usage(e.to_string()))?;
        super::outfile::write("--emit-partial", path, &json, &paths, &files)?;
        writeln!(
            out,
            "partial audit of {} files ({} units) written to {}",
            thousands(partial.files),
            thousands(partial.units),
            path_text(path)
        )?;
        return unreadable(Ok(()));
    }
    // Shown under another root: the partial is folded, rebased, then reported (as `merge` does).
    if a.show_root.is_some() {
        let mut partial = unfolded.fold(&opts);
        rebase(&mut partial);
        let audit = corpus::report_taking_documents(&mut partial, &opts);
        let result = finish(audit, &a.report, &fails, Some(&pool), out);
        std::mem::forget(partial);
        return unreadable(result);
    }
    // The threads' term tables are not folded together: the report folds only the records
    // of the terms it shows.
    let audit = unfolded.report_taking_documents(&opts);
    let result = finish(audit, &a.report, &fails, Some(&pool), out);
    // The process ends here: freeing a corpus's term tables and documents one by one only
    // delays the exit (tens of milliseconds on Reuters).
    std::mem::forget(unfolded);
    unreadable(result)
}

pub fn merge(a: &MergeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let fails: Vec<FailOn> = a
        .report
        .fail_on
        .iter()
        .map(|f| parse_fail_on(f))
        .collect::<Result<_, _>>()
        .map_err(Failure::Usage)?;
    let mut merged: Option<Partial> = None;
    let mut opts = None;
    for path in &a.partials {
        let bytes =
            std::fs::read(path).map_err(|e| Failure::Usage(format!("{}: {e}", path_text(path))))?;
        let p: Partial = serde_json::from_slice(&bytes).map_err(|e| {
            Failure::Usage(format!("{}: not a partial audit ({e})", path_text(path)))
        })?;
        if p.version != corpus::PARTIAL_VERSION {
            return Err(Failure::Usage(format!(
                "{}: partial format version {}, this tool reads {}",
                path_text(path),
                p.version,
                corpus::PARTIAL_VERSION
            )));
        }
        if let Some(what) = p.implausible() {
            return Err(Failure::Usage(format!(
                "{}: holds a count no corpus has ({what}): damaged, or not written by `audit --emit-partial`",
                path_text(path)
            )));
        }
        let o = options(&a.report, p.tokens, 1, UnitChoice::Auto);
        match &mut merged {
            None => merged = Some(p),
            Some(m) => {
                if m.tokens != p.tokens {
                    return Err(Failure::Usage(format!(
                        "{}: tokenized with another rule than the first partial",
                        path_text(path)
                    )));
                }
                if let Some(shard) = m.shared_shard(&p) {
                    return Err(Failure::Usage(format!(
                        "{}: shard {shard} is already in an earlier partial: merging it again would count its files twice",
                        path_text(path)
                    )));
                }
                m.merge(p, &o);
                if let Some(what) = m.implausible() {
                    return Err(Failure::Usage(format!(
                        "merging {}: the counts overflow ({what}): not partials of one corpus",
                        path_text(path)
                    )));
                }
            }
        }
        opts = Some(o);
    }
    let (Some(p), Some(o)) = (merged, opts) else {
        return Err(Failure::Usage("no partial to merge".into()));
    };
    if let Some(path) = &a.emit_partial {
        let json = serde_json::to_vec(&p).map_err(|e| Failure::Usage(e.to_string()))?;
        super::outfile::write("--emit-partial", path, &json, &a.partials, &a.partials)?;
        writeln!(
            out,
            "merged partial of {} files ({} units, {} shards) written to {}",
            thousands(p.files),
            thousands(p.units),
            p.shards.len(),
            path_text(path)
        )?;
        return Ok(());
    }
    let mut p = p;
    finish(
        corpus::report_taking_documents(&mut p, &o),
        &a.report,
        &fails,
        None,
        out,
    )
}

/// Writes the report and applies `--fail-on`.
fn finish(
    mut audit: Audit,
    r: &AuditReportArgs,
    fails: &[FailOn],
    pool: Option<&rayon::ThreadPool>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    // The worst documents shown that statistics alone read: what their bytes likely are.
    let name_likely = |a: &mut Audit| corpus::name_likely_encodings(&mut a.documents, r.worst, &[]);
    match pool {
        Some(p) => p.install(|| name_likely(&mut audit)),
        None => name_likely(&mut audit),
    }
    match format_of(r) {
        AuditFormat::Json => audit_json(out, &audit, pool)?,
        AuditFormat::Tsv => tsv(out, &audit)?,
        AuditFormat::Markdown => text(out, &audit, r.worst, true)?,
        AuditFormat::Text => text(out, &audit, r.worst, false)?,
    }
    let failed: Vec<String> = fails
        .iter()
        .filter_map(|f| {
            f.exceeded(&audit).map(|v| {
                format!(
                    "--fail-on {}>{}: the corpus has {v}",
                    f.signal.name(),
                    f.threshold
                )
            })
        })
        .collect();
    if audit.summary.interrupted {
        super::output::report("interrupted: the report covers the files audited before Ctrl-C");
    }
    // The process ends next: dropping ten thousand documents one by one only delays it.
    std::mem::forget(audit);
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::Input(failed.join("\ndelineate: ")))
    }
}

/// The audit as one line of JSON, as [`super::output::json_line`] writes it, with the
/// documents rendered in parallel on `pool` (else rayon's global pool): on Reuters they are
/// 7 MB, 15 ms of serial work at the end of the audit.
fn audit_json(
    out: &mut dyn Write,
    audit: &Audit,
    pool: Option<&rayon::ThreadPool>,
) -> std::io::Result<()> {
    // Every field, in declaration order (serde's order): a new field fails to compile here.
    let Audit {
        summary,
        documents,
        sources,
        terms,
    } = audit;
    let mut buf = std::io::BufWriter::with_capacity(64 * 1024, out);
    buf.write_all(b"{\"summary\":")?;
    json_to(&mut buf, summary)?;
    buf.write_all(b",\"documents\":")?;
    let render = || json_array_parallel(documents, 512);
    let parts = match pool {
        Some(p) => p.install(render)?,
        None => render()?,
    };
    write_json_array(&mut buf, &parts)?;
    buf.write_all(b",\"sources\":")?;
    json_to(&mut buf, sources)?;
    buf.write_all(b",\"terms\":")?;
    json_to(&mut buf, terms)?;
    buf.write_all(b"}\n")?;
    buf.flush()
}

/// A progress bar thread; returns its stop flag and handle.
fn spawn_bar(
    progress: Arc<Progress>,
    total: usize,
) -> (Arc<AtomicBool>, std::thread::JoinHandle<()>) {
    let stop = Arc::new(AtomicBool::new(false));
    let s = stop.clone();
    let h = std::thread::spawn(move || {
        let bar = indicatif::ProgressBar::new(total as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} auditing {pos}/{len} files {wide_bar} {msg} ETA {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        while !s.load(Ordering::SeqCst) {
            bar.set_position(progress.files_done.load(Ordering::Relaxed));
            bar.set_message(format!(
                "{} MB",
                progress.bytes_done.load(Ordering::Relaxed) / 1_000_000
            ));
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        bar.finish_and_clear();
    });
    (stop, h)
}

/// A Markdown table cell: the characters that end a cell or start markup are escaped, so a
/// file name (`a|b`, `[x](y)`, `<img>`) stays text in the rendered table.
fn md_cell(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '\\' | '|' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '!' | '~'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A term as Markdown code: fenced with more backticks than it holds.
fn md_code(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{}{pad}{fence}", s.replace('|', "\\|"))
}

fn v(s: &str) -> String {
    visible(s, false)
}

fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

fn flags_text(t: &corpus::TermRow) -> String {
    let mut parts: Vec<String> = t
        .flags
        .iter()
        .map(|f| {
            if f.flag == corpus::Flag::NonWord {
                f.flag.name().to_string()
            } else {
                format!(
                    "{} {}/{}",
                    f.flag.name(),
                    thousands(f.occurrences),
                    thousands(t.tf)
                )
            }
        })
        .collect();
    if !t.mixups.is_empty() {
        parts.push(format!("({})", t.mixups.join(", ")));
    }
    parts.join("; ")
}

fn example_text(e: &corpus::Example) -> String {
    let at = match e.byte_offset {
        Some(b) => format!("byte {b}"),
        None => format!("text offset {}", e.text_offset),
    };
    let unit = if &*e.unit == "file" {
        String::new()
    } else {
        format!(" [{}]", v(&e.unit))
    };
    format!("{}{unit} {at}", v(&e.path))
}

fn text(out: &mut dyn Write, a: &Audit, worst: usize, md: bool) -> std::io::Result<()> {
    let s = &a.summary;
    let t = &s.totals;
    let h = |out: &mut dyn Write, title: &str| -> std::io::Result<()> {
        if md {
            writeln!(out, "\n## {title}\n")
        } else {
            writeln!(out, "\n{title}\n{}", "─".repeat(title.chars().count()))
        }
    };
    if md {
        writeln!(out, "# Corpus audit")?;
    }
    writeln!(
        out,
        "{} files, {} units, {} bytes, {} tokens ({} rule), {} distinct terms{}",
        thousands(s.files),
        thousands(s.units),
        thousands(s.bytes),
        thousands(t.tokens),
        match s.tokens {
            TokenRule::Alnum => "letters and digits",
            TokenRule::Letters => "letters",
        },
        thousands(s.distinct_terms),
        if s.pruned_terms > 0 {
            format!(
                " ({} rare terms dropped to bound memory; counts may be short by up to {})",
                thousands(s.pruned_terms),
                thousands(s.max_undercount)
            )
        } else {
            String::new()
        }
    )?;
    if s.interrupted {
        writeln!(
            out,
            "INTERRUPTED: the figures cover the files audited before Ctrl-C"
        )?;
    }
    let join = |m: &std::collections::BTreeMap<String, u64>| -> String {
        let mut v: Vec<(&String, &u64)> = m.iter().collect();
        v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        v.iter()
            .map(|(k, n)| format!("{k} {}", thousands(**n)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    writeln!(out, "formats: {}", join(&s.formats))?;
    let enc: Vec<String> = s
        .encodings
        .iter()
        .map(|(e, by)| format!("{e} ({})", join(by)))
        .collect();
    writeln!(out, "encodings (decided by): {}", enc.join("; "))?;
    writeln!(out, "languages: {}", join(&s.languages))?;
    writeln!(out, "normalisation forms: {}", join(&s.forms))?;
    writeln!(
        out,
        "damage: {} U+FFFD, {} decode errors, {} invalid UTF-8 sequences, {} invisible/control, {} mojibake words, {} undecoded entities, {} words split at line ends; lines ending in a hyphen {}{}",
        thousands(t.replacement_chars),
        thousands(t.decode_errors),
        thousands(t.invalid_utf8),
        thousands(t.invisible),
        thousands(t.mojibake_words),
        thousands(t.entity_residue),
        thousands(t.split_words),
        pct(t.hyphen_line_rate),
        t.non_word_ratio()
            .map(|r| format!("; tokens not in the language's word list {}", pct(r)))
            .unwrap_or_default()
    )?;
    for e in &s.not_utf8 {
        writeln!(
            out,
            "not valid UTF-8: {}{}",
            v(&e.path),
            e.byte_offset
                .map(|b| format!(" at byte {b}"))
                .unwrap_or_default()
        )?;
    }
    if !s.errors.is_empty() {
        writeln!(out, "{} files could not be audited:", s.errors.len())?;
        for e in s.errors.iter().take(20) {
            let hint = super::extract::hint(e.limit);
            writeln!(out, "  {}: {}{hint}", v(&e.place()), v(&e.error))?;
        }
    }

    h(out, "Worst documents")?;
    if md {
        writeln!(out, "| # | document | score | why |\n|---|---|---|---|")?;
    }
    let doc_name = |d: &crate::corpus::DocReport| {
        if d.unit == "file" {
            v(&d.path)
        } else {
            format!("{} [{}]", v(&d.path), v(&d.unit))
        }
    };
    // The names column as wide as the longest name shown (within reason), so scores align.
    let name_w = a
        .documents
        .iter()
        .take(worst)
        .filter(|d| d.score > 0.0)
        .map(|d| doc_name(d).chars().count())
        .max()
        .unwrap_or(0)
        .clamp(20, 90);
    for (i, d) in a.documents.iter().take(worst).enumerate() {
        if d.score <= 0.0 {
            if i == 0 {
                writeln!(out, "no document shows damage")?;
            }
            break;
        }
        let name = doc_name(d);
        if md {
            writeln!(
                out,
                "| {} | {} | {:.1} | {} |",
                i + 1,
                md_cell(&name),
                d.score,
                md_cell(&v(&d.reasons.join("; ")))
            )?;
        } else {
            writeln!(
                out,
                "{:>3}. {:<name_w$} {:>7.1}  {}",
                i + 1,
                name,
                d.score,
                d.reasons.join("; ")
            )?;
        }
    }

    limits_reached(out, a)?;

    h(out, "Sources")?;
    if md {
        writeln!(
            out,
            "| source | units | U+FFFD /1k | invalid UTF-8 | invisible /1k | mojibake /1k | entities /1k | hyphen lines | non-words | mixed forms | mean score |\n|---|---|---|---|---|---|---|---|---|---|---|"
        )?;
    } else {
        writeln!(
            out,
            "{:<32} {:>7} {:>9} {:>8} {:>9} {:>9} {:>9} {:>8} {:>9} {:>6} {:>6}",
            "source",
            "units",
            "FFFD/1k",
            "bad UTF8",
            "invis/1k",
            "moji/1k",
            "ent/1k",
            "hyph-ln",
            "non-word",
            "mixed",
            "score"
        )?;
    }
    for r in &a.sources {
        let nw = r.non_word_ratio.map_or("—".to_string(), pct);
        if md {
            writeln!(
                out,
                "| {} | {} | {:.2} | {} | {:.2} | {:.2} | {:.2} | {} | {} | {} | {:.2} |",
                md_cell(&v(&r.source)),
                r.units,
                r.replacement_per_k,
                r.invalid_utf8,
                r.invisible_per_k,
                r.mojibake_per_k,
                r.entities_per_k,
                pct(r.hyphen_line_rate),
                nw,
                r.mixed_forms,
                r.mean_score
            )?;
        } else {
            writeln!(
                out,
                "{:<32} {:>7} {:>9.2} {:>8} {:>9.2} {:>9.2} {:>9.2} {:>8} {:>9} {:>6} {:>6.2}",
                v(&r.source),
                r.units,
                r.replacement_per_k,
                r.invalid_utf8,
                r.invisible_per_k,
                r.mojibake_per_k,
                r.entities_per_k,
                pct(r.hyphen_line_rate),
                nw,
                r.mixed_forms,
                r.mean_score
            )?;
        }
    }

    h(out, "Frequent terms")?;
    if md {
        writeln!(
            out,
            "| rank | term | tf | df | df % | flags | example |\n|---|---|---|---|---|---|---|"
        )?;
    } else {
        writeln!(
            out,
            "{:>4}  {:<16} {:>9} {:>8} {:>6}  flags · example",
            "rank", "term", "tf", "df", "df %"
        )?;
    }
    for t in &a.terms {
        let ex = t
            .examples
            .iter()
            .find(|e| e.flag.is_some())
            .or(t.examples.first())
            .map(example_text)
            .unwrap_or_default();
        let flags = flags_text(t);
        if md {
            writeln!(
                out,
                "| {} | {} | {} | {} | {:.1} | {} | {} |",
                t.rank,
                md_code(&v(&t.term)),
                t.tf,
                t.df,
                t.df_percent,
                md_cell(&flags),
                md_cell(&ex)
            )?;
        } else {
            let mark = if t.suspicious() { "!" } else { " " };
            writeln!(
                out,
                "{:>4}{mark} {:<16} {:>9} {:>8} {:>5.1}%  {}{}",
                t.rank,
                v(&t.term),
                thousands(t.tf),
                thousands(t.df),
                t.df_percent,
                flags,
                if t.flags.is_empty() {
                    String::new()
                } else {
                    format!(" · {ex}")
                }
            )?;
        }
    }
    Ok(())
}

fn tsv_field(s: &str) -> String {
    v(s).replace(['\t', '\n'], " ")
}

fn tsv(out: &mut dyn Write, a: &Audit) -> std::io::Result<()> {
    writeln!(out, "# terms")?;
    writeln!(
        out,
        "rank\tterm\ttf\tdf\tdf_percent\tflags\texample_path\texample_byte_offset"
    )?;
    for t in &a.terms {
        let flags: Vec<&str> = t.flags.iter().map(|f| f.flag.name()).collect();
        let ex = t
            .examples
            .iter()
            .find(|e| e.flag.is_some())
            .or(t.examples.first());
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            t.rank,
            tsv_field(&t.term),
            t.tf,
            t.df,
            t.df_percent,
            flags.join(","),
            ex.map(|e| tsv_field(&e.path)).unwrap_or_default(),
            ex.and_then(|e| e.byte_offset)
                .map(|b| b.to_string())
                .unwrap_or_default()
        )?;
    }
    writeln!(out, "# documents")?;
    writeln!(
        out,
        "path\tunit\tsource\tformat\tencoding\tlanguage\tchars\treplacement\tdecode_errors\tinvalid_utf8\tinvisible\tmojibake_words\tentities\tsplit_words\thyphen_line_rate\tnon_word_ratio\tforms\tscore\treasons"
    )?;
    for d in &a.documents {
        let s = &d.signals;
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.4}\t{}\t{}\t{:.2}\t{}",
            tsv_field(&d.path),
            tsv_field(&d.unit),
            tsv_field(&d.source),
            d.format,
            d.encoding.as_deref().unwrap_or(""),
            d.language,
            s.chars,
            s.replacement_chars,
            s.decode_errors,
            s.invalid_utf8,
            s.invisible,
            s.mojibake_words,
            s.entity_residue,
            s.split_words,
            s.hyphen_line_rate,
            s.non_word_ratio()
                .map(|r| format!("{r:.4}"))
                .unwrap_or_default(),
            s.forms(),
            d.score,
            tsv_field(&d.reasons.join("; "))
        )?;
    }
    writeln!(out, "# sources")?;
    writeln!(
        out,
        "source\tunits\tbytes\treplacement_per_k\tinvalid_utf8\tinvisible_per_k\tmojibake_per_k\tentities_per_k\thyphen_line_rate\tnon_word_ratio\tmixed_forms\tmean_score"
    )?;
    for r in &a.sources {
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            tsv_field(&r.source),
            r.units,
            r.bytes,
            r.replacement_per_k,
            r.invalid_utf8,
            r.invisible_per_k,
            r.mojibake_per_k,
            r.entities_per_k,
            r.hyphen_line_rate,
            r.non_word_ratio.map(|x| x.to_string()).unwrap_or_default(),
            r.mixed_forms,
            r.mean_score
        )?;
    }
    Ok(())
}

/// After the worst documents: the limits that cut text out of documents shown there, and the
/// option that raises each (the report names the limit; the options are the command line's).
fn limits_reached(out: &mut dyn Write, a: &Audit) -> std::io::Result<()> {
    let mut hit: std::collections::BTreeMap<crate::extract::LimitKind, u64> = Default::default();
    for d in &a.documents {
        for k in d.findings.iter().filter_map(|f| f.limit) {
            *hit.entry(k).or_default() += 1;
        }
    }
    if hit.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = hit
        .iter()
        .map(|(k, n)| format!("{} ×{n}", super::extract::option_of(*k)))
        .collect();
    writeln!(out, "limits reached (raise them with): {}", list.join(", "))
}

/// Parses `--fail-on SIGNAL>THRESHOLD`.
fn parse_fail_on(s: &str) -> Result<FailOn, String> {
    let (sig, th) = s
        .split_once('>')
        .ok_or_else(|| format!("--fail-on {s:?}: write SIGNAL>THRESHOLD, e.g. replacement>0"))?;
    let sig = sig.trim();
    let signal = Signal::from_name(sig).ok_or_else(|| {
        let names: Vec<&str> = Signal::ALL.iter().map(|s| s.name()).collect();
        format!(
            "--fail-on: unknown signal {sig:?}; signals: {}",
            names.join(", ")
        )
    })?;
    let threshold: f64 = th
        .trim()
        .parse()
        .ok()
        .filter(|t: &f64| t.is_finite())
        .ok_or_else(|| format!("--fail-on {s:?}: the threshold is not a finite number"))?;
    Ok(FailOn { signal, threshold })
}

#[cfg(test)]
mod tests;

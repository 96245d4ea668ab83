//! The corpus view: a full-screen overlay with the audit's documents (sortable by each signal),
//! the sources side by side with a histogram of their documents' scores, the frequent terms
//! (flagged ones highlighted), and where a chosen term occurs.

use super::block;
use crate::corpus::{Audit, DocReport};
use crate::present::thousands;
use crate::tui::app::App;
use crate::tui::corpus::{CorpusTable, CorpusView, DOC_SORTS};
use crate::tui::theme::Theme;
use crate::visible::visible;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Gauge, Paragraph};
use unicode_width::UnicodeWidthStr;

/// `s` made visible (no control reaches the terminal), cut or padded to `w` columns.
fn fit(s: &str, w: usize) -> String {
    let v = visible(s, false);
    if v.width() <= w {
        return format!("{v}{}", " ".repeat(w - v.width()));
    }
    let mut out = String::new();
    let mut used = 0;
    for c in v.chars() {
        let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + cw + 1 > w {
            break;
        }
        out.push(c);
        used += cw;
    }
    out.push('…');
    used += 1;
    out + &" ".repeat(w.saturating_sub(used))
}

/// `path` relative to the corpus root `label` when it lies below it (the tables have room for
/// what differs, not the common prefix).
/// `path` without the view's root directory (or its label, when that is a path).
fn shorten<'a>(path: &'a str, c: &CorpusView) -> &'a str {
    let strip = |p: &str| {
        path.strip_prefix(p.trim_end_matches('/'))
            .and_then(|r| r.strip_prefix('/'))
            .filter(|r| !r.is_empty())
    };
    c.prefix
        .as_deref()
        .and_then(strip)
        .or_else(|| strip(&c.label))
        .unwrap_or(path)
}

/// Eight-level bars for counts (a histogram drawn in one row of text).
fn bars(counts: &[u64]) -> String {
    const B: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let max = counts.iter().copied().max().unwrap_or(0).max(1);
    counts
        .iter()
        .map(|&n| {
            if n == 0 {
                ' '
            } else {
                B[((n * 7).div_ceil(max)) as usize]
            }
        })
        .collect()
}

/// Histogram of the scores of a source's documents: bins of width 10 (0–10, …, ≥ 90).
fn score_histogram(docs: &[DocReport], source: &str) -> String {
    let mut bins = [0u64; 10];
    for d in docs.iter().filter(|d| d.source == source) {
        bins[((d.score / 10.0) as usize).min(9)] += 1;
    }
    bars(&bins)
}

pub fn render(f: &mut Frame, app: &App, area: Rect, theme: &Theme) {
    let Some(c) = &app.corpus else { return };
    f.render_widget(Clear, area);
    let title = format!(" Corpus · {} ", visible(&c.label, false));
    let outer = block(&title, true, theme);
    let inner = outer.inner(area);
    f.render_widget(outer, area);
    if inner.height < 4 {
        return;
    }
    // Progress while the audit fills the tables.
    let (top, rest) = (
        Rect { height: 1, ..inner },
        Rect {
            y: inner.y + 1,
            height: inner.height - 1,
            ..inner
        },
    );
    if c.finished {
        let s = c
            .audit
            .as_ref()
            .map(|a| summary_line(a))
            .unwrap_or_default();
        f.render_widget(Paragraph::new(Span::styled(s, theme.dim())), top);
    } else {
        let ratio = if c.total == 0 {
            0.0
        } else {
            c.done as f64 / c.total as f64
        };
        f.render_widget(
            Gauge::default()
                .ratio(ratio.clamp(0.0, 1.0))
                .label(format!(
                    "auditing {} / {} files — the tables fill as it goes",
                    thousands(c.done as u64),
                    thousands(c.total as u64)
                ))
                .gauge_style(theme.focused()),
            top,
        );
    }
    let mut lines = vec![tabs_line(c, theme)];
    let w = rest.width as usize;
    let mut rows = rest.height.saturating_sub(3) as usize;
    // A tip on the first table: the junk term an analyst should look at first.
    if c.finished
        && c.table == CorpusTable::Documents
        && let Some((t, flag)) = c.first_junk_term()
    {
        lines.push(Line::from(Span::styled(
            format!(
                " Tip: Tab Tab → Terms: “{}” (rank {}) is flagged {} — Enter on it shows where it comes from",
                visible(&t.term, false),
                t.rank,
                flag.name()
            ),
            theme.focused(),
        )));
        rows = rows.saturating_sub(1);
    }
    match c.audit.as_deref() {
        None => lines.push(Line::from(Span::styled(
            "  (the first files are being audited)",
            theme.dim(),
        ))),
        Some(a) => match c.table {
            CorpusTable::Documents => documents(c, w, rows, theme, &mut lines),
            CorpusTable::Sources => sources(c, a, w, rows, theme, &mut lines),
            CorpusTable::Terms => terms(c, w, rows, theme, &mut lines),
            CorpusTable::Occurrences => occurrences(c, w, rows, theme, &mut lines),
        },
    }
    let body = Rect {
        height: rest.height.saturating_sub(1),
        ..rest
    };
    f.render_widget(Paragraph::new(lines), body);
    let hint = Rect {
        y: rest.y + rest.height - 1,
        height: 1,
        ..rest
    };
    // On the documents table the hint also spells out the column names.
    let keys = "↑↓ select  Tab table  o sort  Enter open / occurrences  Esc back  C close  q quit";
    let text = if c.table == CorpusTable::Documents {
        format!(
            "{keys}  │ bad8 invalid UTF-8 · invis invisible · moji mojibake words · ent entities · split words split at line ends · hyph% lines ending in - · nonw% not in the word list · xtr extraction problems"
        )
    } else {
        keys.to_string()
    };
    f.render_widget(Paragraph::new(Span::styled(text, theme.dim())), hint);
}

fn summary_line(a: &Audit) -> String {
    let s = &a.summary;
    let t = &s.totals;
    format!(
        "{} files · {} units · {} bytes · {} terms │ U+FFFD {} · bad UTF-8 {} · invisible {} · mojibake {} · entities {} · split {}{}",
        thousands(s.files),
        thousands(s.units),
        thousands(s.bytes),
        thousands(s.distinct_terms),
        thousands(t.replacement_chars),
        thousands(t.invalid_utf8),
        thousands(t.invisible),
        thousands(t.mojibake_words),
        thousands(t.entity_residue),
        thousands(t.split_words),
        if s.errors.is_empty() {
            String::new()
        } else {
            format!(" · {} unreadable", s.errors.len())
        }
    )
}

fn tabs_line<'a>(c: &CorpusView, theme: &Theme) -> Line<'a> {
    let mut spans = Vec::new();
    let names = [
        (CorpusTable::Documents, "Documents".to_string()),
        (CorpusTable::Sources, "Sources".to_string()),
        (CorpusTable::Terms, "Terms".to_string()),
        (
            CorpusTable::Occurrences,
            match &c.term {
                Some(t) => format!("Occurrences of “{}”", visible(t, false)),
                None => "Occurrences (Enter on a term)".to_string(),
            },
        ),
    ];
    for (t, name) in names {
        let style = if t == c.table {
            theme.selected()
        } else {
            theme.dim()
        };
        spans.push(Span::styled(format!(" {name} "), style));
        spans.push(Span::raw(" "));
    }
    let sort = match c.table {
        CorpusTable::Documents => format!("sorted by {}", DOC_SORTS[c.doc_sort].name),
        CorpusTable::Terms => {
            format!("sorted by {}", if c.terms_by_df { "df" } else { "tf" })
        }
        _ => String::new(),
    };
    spans.push(Span::styled(sort, theme.dim()));
    Line::from(spans)
}

/// The window of `n` rows that keeps `sel` visible.
fn window(sel: usize, n: usize, rows: usize) -> std::ops::Range<usize> {
    let rows = rows.max(1);
    let start = sel.saturating_sub(rows - 1).min(n.saturating_sub(rows));
    start..(start + rows).min(n)
}

fn row_style(selected: bool, theme: &Theme) -> Style {
    if selected {
        theme.selected()
    } else {
        Style::default()
    }
}

fn documents(c: &CorpusView, w: usize, rows: usize, theme: &Theme, lines: &mut Vec<Line<'_>>) {
    let docs = c.documents();
    let sel = c.sel[CorpusTable::Documents.index()];
    let path_w = w.saturating_sub(72).max(12);
    lines.push(Line::from(Span::styled(
        format!(
            "{:>5} {:>7} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>3} {:<4} {}",
            "#",
            "score",
            "FFFD",
            "bad8",
            "invis",
            "moji",
            "ent",
            "split",
            "hyph%",
            "nonw%",
            "xtr",
            "lang",
            "document · why"
        ),
        theme.dim().add_modifier(Modifier::BOLD),
    )));
    for i in window(sel, docs.len(), rows) {
        let d = docs[i];
        let s = &d.signals;
        let path = shorten(&d.path, c);
        let name = if d.unit == "file" {
            path.to_string()
        } else {
            format!("{path} [{}]", d.unit)
        };
        let why = if d.reasons.is_empty() {
            String::new()
        } else {
            format!(" · {}", d.reasons.join("; "))
        };
        let text = format!(
            "{:>5} {:>7.1} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5.1} {:>5} {:>3} {:<4} {}",
            i + 1,
            d.score,
            s.replacement_chars,
            s.invalid_utf8,
            s.invisible,
            s.mojibake_words,
            s.entity_residue,
            s.split_words,
            s.hyphen_line_rate * 100.0,
            s.non_word_ratio()
                .map_or("–".to_string(), |r| format!("{:.0}", r * 100.0)),
            s.extraction_problems,
            fit(&d.language, 4),
            fit(&format!("{name}{why}"), path_w)
        );
        lines.push(Line::from(Span::styled(text, row_style(i == sel, theme))));
    }
}

fn sources(
    c: &CorpusView,
    a: &Audit,
    w: usize,
    rows: usize,
    theme: &Theme,
    lines: &mut Vec<Line<'_>>,
) {
    let sel = c.sel[CorpusTable::Sources.index()];
    let name_w = w.saturating_sub(84).max(12);
    lines.push(Line::from(Span::styled(
        format!(
            "{:<name_w$} {:>6} {:>8} {:>5} {:>8} {:>8} {:>8} {:>6} {:>6} {:>6}  {}",
            "source",
            "units",
            "FFFD/1k",
            "bad8",
            "invis/1k",
            "moji/1k",
            "ent/1k",
            "hyph%",
            "nonw%",
            "score",
            "scores 0…90+"
        ),
        theme.dim().add_modifier(Modifier::BOLD),
    )));
    for i in window(sel, a.sources.len(), rows) {
        let s = &a.sources[i];
        let text = format!(
            "{} {:>6} {:>8.2} {:>5} {:>8.2} {:>8.2} {:>8.2} {:>6.1} {:>6} {:>6.1}  {}",
            fit(shorten(&s.source, c), name_w),
            thousands(s.units),
            s.replacement_per_k,
            s.invalid_utf8,
            s.invisible_per_k,
            s.mojibake_per_k,
            s.entities_per_k,
            s.hyphen_line_rate * 100.0,
            s.non_word_ratio
                .map_or("–".to_string(), |r| format!("{:.1}", r * 100.0)),
            s.mean_score,
            score_histogram(&a.documents, &s.source)
        );
        lines.push(Line::from(Span::styled(text, row_style(i == sel, theme))));
    }
}

fn terms(c: &CorpusView, w: usize, rows: usize, theme: &Theme, lines: &mut Vec<Line<'_>>) {
    let terms = c.terms();
    let sel = c.sel[CorpusTable::Terms.index()];
    lines.push(Line::from(Span::styled(
        format!(
            "{:>5}  {:<20} {:>10} {:>9} {:>6}  {}",
            "rank", "term", "tf", "df", "df %", "flags"
        ),
        theme.dim().add_modifier(Modifier::BOLD),
    )));
    let flag_w = w.saturating_sub(58).max(10);
    for i in window(sel, terms.len(), rows) {
        let t = terms[i];
        let flags: Vec<String> = t
            .flags
            .iter()
            .map(|f| {
                format!(
                    "{} {}/{}",
                    f.flag.name(),
                    thousands(f.occurrences),
                    thousands(t.tf)
                )
            })
            .chain(t.mixups.iter().map(|m| format!("({m})")))
            .collect();
        let text = format!(
            "{:>5}{} {} {:>10} {:>9} {:>5.1}%  {}",
            t.rank,
            if t.suspicious() { "!" } else { " " },
            fit(&t.term, 20),
            thousands(t.tf),
            thousands(t.df),
            t.df_percent,
            fit(&flags.join("; "), flag_w)
        );
        let style = if i == sel {
            theme.selected()
        } else if t.suspicious() {
            theme.warn()
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(text, style)));
    }
}

fn occurrences(c: &CorpusView, w: usize, rows: usize, theme: &Theme, lines: &mut Vec<Line<'_>>) {
    let Some(t) = c.term_row() else {
        lines.push(Line::from(Span::styled(
            "  (the term is no longer among the frequent terms)",
            theme.dim(),
        )));
        return;
    };
    lines.push(Line::from(Span::styled(
        format!(
            "“{}”: tf {}, df {} ({:.1} %) — {} example occurrences, flagged ones first; Enter opens the file at the bytes",
            visible(&t.term, false),
            thousands(t.tf),
            thousands(t.df),
            t.df_percent,
            t.examples.len()
        ),
        theme.dim().add_modifier(Modifier::BOLD),
    )));
    let sel = c.sel[CorpusTable::Occurrences.index()];
    for i in window(sel, t.examples.len(), rows) {
        let e = &t.examples[i];
        let at = match e.byte_offset {
            Some(b) => format!("byte {b}"),
            None => format!("text offset {}", e.text_offset),
        };
        let flag = e.flag.map_or(String::new(), |f| f.name().to_string());
        let unit = if &*e.unit == "file" {
            String::new()
        } else {
            format!(" [{}]", e.unit)
        };
        let text = format!(
            "{:>4}  {:<18} {:<16} {}",
            i + 1,
            flag,
            at,
            fit(
                &format!("{}{unit}", shorten(&e.path, c)),
                w.saturating_sub(42).max(10)
            )
        );
        lines.push(Line::from(Span::styled(text, row_style(i == sel, theme))));
    }
}

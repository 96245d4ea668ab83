//! Driving an audit: the documents to audit ([`Item`]: a file, or bytes in memory), in
//! parallel on rayon's pool, all at once or in batches that report as they go (the explorer's
//! corpus view), with cancellation between files; and [`Unfolded`], the threads' results kept
//! apart until the report needs them.

use super::*;

/// A document to audit: a file, or bytes already in memory (the explorer's bundled demo).
#[derive(Clone, Debug)]
pub enum Item {
    Path(PathBuf),
    /// A named input and the source it counts under.
    Memory {
        input: std::sync::Arc<Input>,
        source: String,
    },
}

impl Item {
    /// The name examples and documents are reported under.
    pub fn name(&self) -> String {
        match self {
            Item::Path(p) => path_name(p),
            Item::Memory { input, .. } => input.name().to_string(),
        }
    }
}

/// Audits `files` (found under `roots`) in parallel; `cancel` stops it between files.
pub fn audit_files(
    files: &[PathBuf],
    roots: &[PathBuf],
    opts: &AuditOptions,
    progress: &Progress,
    cancel: &AtomicBool,
) -> Partial {
    audit_files_unfolded(files, roots, opts, progress, cancel).fold(opts)
}

/// [`audit_files`] without folding the threads' term tables into one (see [`Unfolded`]).
pub fn audit_files_unfolded(
    files: &[PathBuf],
    roots: &[PathBuf],
    opts: &AuditOptions,
    progress: &Progress,
    cancel: &AtomicBool,
) -> Unfolded {
    let items: Vec<Item> = files.iter().cloned().map(Item::Path).collect();
    progress
        .files_total
        .store(items.len() as u64, Ordering::Relaxed);
    audit_chunk_unfolded(&items, roots, opts, progress, cancel)
}

/// An audit's partial with every field merged but the term table, which is still one table
/// per thread. Folding the tables together is serial work at the end of the audit (on the
/// Reuters stories 12 ms of 220, on 330 MB of large files 150 ms), and a report shows only the
/// most frequent terms: [`Unfolded::report_taking_documents`] counts the terms across the
/// tables and folds together only the records of those it shows.
#[derive(Debug)]
pub struct Unfolded {
    /// Everything but the terms (its table is empty).
    pub partial: Partial,
    pub tables: Vec<Terms>,
}

impl Unfolded {
    /// The partial with its terms folded into one table, as [`Partial::merge`] folds them.
    pub fn fold(mut self, opts: &AuditOptions) -> Partial {
        self.fold_tables(opts);
        self.partial
    }

    /// Folds the tables into the partial's, pruning as [`Partial::merge`] does.
    fn fold_tables(&mut self, opts: &AuditOptions) {
        for t in std::mem::take(&mut self.tables) {
            self.partial.terms.merge(t, opts.examples);
            self.partial.bound_terms(opts.max_terms);
        }
    }

    /// The report, equal to [`report_taking_documents`] of the folded partial.
    pub fn report_taking_documents(&mut self, opts: &AuditOptions) -> Audit {
        // Folding prunes the rarest terms when the corpus has more than `max_terms`: only
        // when the tables cannot hold that many between them is a lazy count exact.
        let total: usize = self.tables.iter().map(Terms::len).sum();
        if total > opts.max_terms {
            self.fold_tables(opts);
        }
        let documents = std::mem::take(&mut self.partial.documents);
        let tables: Vec<&Terms> = if self.tables.is_empty() {
            vec![&self.partial.terms]
        } else {
            self.tables.iter().collect()
        };
        build_report(&self.partial, &tables, documents, opts)
    }
}

/// Audits `items` in batches of `batch`, calling `on_batch` with the merged partial after
/// each, so a view can fill while the audit runs; `cancel` stops it between files. Batches
/// follow name order, so the result equals one [`audit_items`] call.
pub fn audit_in_batches(
    items: &[Item],
    roots: &[PathBuf],
    opts: &AuditOptions,
    batch: usize,
    cancel: &AtomicBool,
    on_batch: impl FnMut(&Partial, usize),
) -> Partial {
    audit_batches(
        items,
        roots,
        opts,
        batch,
        &Progress::default(),
        cancel,
        on_batch,
    )
}

fn audit_batches(
    items: &[Item],
    roots: &[PathBuf],
    opts: &AuditOptions,
    batch: usize,
    progress: &Progress,
    cancel: &AtomicBool,
    mut on_batch: impl FnMut(&Partial, usize),
) -> Partial {
    let mut items = items.to_vec();
    items.sort_by_cached_key(Item::name);
    let mut all = Partial::new(opts.tokens);
    let mut done = 0;
    for chunk in items.chunks(batch.max(1)) {
        let part = audit_chunk(chunk, roots, opts, progress, cancel);
        all.merge(part, opts);
        done += chunk.len();
        on_batch(&all, done);
        if cancel.load(Ordering::Relaxed) {
            all.interrupted = true;
            break;
        }
    }
    all.documents.sort_by(doc_order);
    all
}

/// Audits `items` (files found under `roots`, or inputs in memory) in parallel; `cancel`
/// stops it between files.
pub fn audit_items(
    items: &[Item],
    roots: &[PathBuf],
    opts: &AuditOptions,
    progress: &Progress,
    cancel: &AtomicBool,
) -> Partial {
    progress
        .files_total
        .store(items.len() as u64, Ordering::Relaxed);
    audit_chunk(items, roots, opts, progress, cancel)
}

/// [`audit_items`] without setting the progress total.
fn audit_chunk(
    items: &[Item],
    roots: &[PathBuf],
    opts: &AuditOptions,
    progress: &Progress,
    cancel: &AtomicBool,
) -> Partial {
    audit_chunk_unfolded(items, roots, opts, progress, cancel).fold(opts)
}

/// [`audit_chunk`], the threads' term tables left apart.
fn audit_chunk_unfolded(
    items: &[Item],
    roots: &[PathBuf],
    opts: &AuditOptions,
    progress: &Progress,
    cancel: &AtomicBool,
) -> Unfolded {
    use rayon::prelude::*;
    // Name order as the examples compare them, so a file's ordinal tells which comes first.
    let mut files: Vec<(String, &Item)> = items.iter().map(|f| (f.name(), f)).collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    // One (partial, worker) per thread at most, taken from a pool for each file: a parallel
    // fold would start a fresh partial for every split of the work and hold all of them until
    // the end — many full term tables at once on a large corpus.
    let pool: std::sync::Mutex<Vec<(Partial, Worker)>> = std::sync::Mutex::new(Vec::new());
    let take = || {
        pool.lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_else(|| (Partial::new(opts.tokens), Worker::new()))
    };
    files.par_iter().enumerate().for_each(|(i, (_, f))| {
        let (mut p, mut w) = take();
        if cancel.load(Ordering::Relaxed) {
            p.interrupted = true;
        } else {
            let before = p.bytes;
            w.ordinal = u32::try_from(i + 1).unwrap_or(0);
            match f {
                Item::Path(path) => audit_file(path, roots, opts, &mut w, &mut p),
                Item::Memory { input, source } => audit_input(
                    input.name().to_string(),
                    input,
                    source,
                    opts,
                    &mut w,
                    &mut p,
                ),
            }
            progress.files_done.fetch_add(1, Ordering::Relaxed);
            progress
                .bytes_done
                .fetch_add(p.bytes - before, Ordering::Relaxed);
        }
        if let Ok(mut v) = pool.lock() {
            v.push((p, w));
        }
    });
    let mut parts: Vec<Partial> = pool
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    // Each thread's documents sorted side by side: the merges below then interleave sorted
    // runs (one pass of the stable sort) instead of sorting ten thousand on one thread.
    parts
        .par_iter_mut()
        .for_each(|p| p.documents.sort_unstable_by(doc_order));
    let mut out = Partial::new(opts.tokens);
    let mut tables = Vec::new();
    for mut p in parts {
        let t = std::mem::take(&mut p.terms);
        if !t.is_empty() {
            tables.push(t);
        }
        out.merge(p, opts);
    }
    out.documents.sort_by(doc_order);
    out.documents.truncate(opts.max_documents);
    Unfolded {
        partial: out,
        tables,
    }
}

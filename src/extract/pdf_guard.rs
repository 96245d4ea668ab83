//! Makes one page of a parsed PDF safe to hand to pdf-extract, whose content-stream interpreter
//! recurses: it calls itself for every `Do` of a form XObject (so a form that draws itself, or
//! two that draw each other, overflow any stack and abort the process — `catch_unwind` cannot
//! catch that), walks `/Parent` links recursively for inherited attributes (a cyclic page tree
//! does the same), and clones the whole graphics state for every `q` (500,000 nested `q` in a
//! 2 MB file took 1.1 GB).
//!
//! So before a page is interpreted, this module walks what the interpreter would walk, without
//! recursion (an explicit stack, a visited path), and rewrites what would hurt it:
//!
//! * inherited `Resources` and `MediaBox` are copied onto the page (found by an iterative walk
//!   up at most [`MAX_TREE_DEPTH`] `/Parent` links, cycles stopped), so the interpreter never
//!   walks the page tree;
//! * every `/Name Do` is resolved as the interpreter resolves it. One that would close a cycle,
//!   go deeper than [`MAX_FORM_DEPTH`] forms, or name no XObject is cut out of its content stream,
//!   with a diagnostic naming the objects; images are counted (for the OCR check) and cut out
//!   too, since the interpreter would only decompress them and parse the pixels as operators;
//! * `q` nested deeper than [`MAX_STATE_DEPTH`] in one stream is cut out with its matching `Q`;
//! * a page that would make the interpreter run more than [`MAX_FORM_INVOCATIONS`] forms or
//!   [`MAX_PAGE_OPERATORS`] operators (fan-out: a form drawing another ten times, thirty
//!   levels deep) is not interpreted at all: its error names the limit.
//!
//! Patterns, annotation appearance streams and Type 3 glyph procedures are not walked because
//! pdf-extract never executes them (a test keeps cyclic ones harmless).
//! Content-stream syntax per ISO 32000-1 §7.2 and §7.8.2; `Do` per §8.10.

use super::ExtractError;
use super::diagnostic::{Diagnostic, DiagnosticKind};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::rc::Rc;

/// Deepest nesting of form XObjects drawn (page → form → form …). Real files nest a handful;
/// Acrobat's documented limit for the graphics state stack is 28.
pub const MAX_FORM_DEPTH: usize = 32;
/// Most form XObjects the interpreter may run for one page, counting repeats.
pub const MAX_FORM_INVOCATIONS: u64 = 10_000;
/// Most operators the interpreter may run for one page, forms included, counting repeats.
pub const MAX_PAGE_OPERATORS: u64 = 2_000_000;
/// Most distinct XObject names one content stream may draw.
pub const MAX_XOBJECT_NAMES: usize = 100_000;
/// Deepest `q` nesting kept in one content stream (each level is a copy of the graphics state).
pub const MAX_STATE_DEPTH: usize = 256;
/// Most `/Parent` links followed from a page for its inherited attributes.
pub const MAX_TREE_DEPTH: usize = 256;

/// What guarding one page found.
#[derive(Debug, Default)]
pub struct PageGuard {
    /// Images the page draws (XObjects, also inside forms, and inline images), counting repeats.
    pub images: u64,
    /// What was cut out, and why.
    pub diagnostics: Vec<Diagnostic>,
    /// Why the page must not be interpreted, when it must not.
    pub error: Option<ExtractError>,
}

/// What guarding one document keeps between its pages: scans of form XObjects (pages often
/// draw the same forms) and rewritten page contents (pages often share one content stream).
#[derive(Default)]
pub struct Guard {
    scans: HashMap<ObjectId, Rc<Scan>>,
    /// New content streams, by the streams they replace and the cuts made.
    rewritten: HashMap<(Vec<ObjectId>, Vec<Range<usize>>), ObjectId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    /// A page's content: the ids of its content streams.
    Page(Vec<ObjectId>),
    Form(ObjectId),
}

/// One `/Name Do` target of a content stream: how often, and where.
#[derive(Debug)]
struct Invocation {
    name: Vec<u8>,
    count: u64,
    spans: Vec<Range<usize>>,
}

/// What the interpreter will meet in one content stream, found by a lexical pass.
#[derive(Debug, Default)]
struct Scan {
    operators: u64,
    invocations: Vec<Invocation>,
    /// `q`/`Q` operators nested deeper than [`MAX_STATE_DEPTH`] (merged when adjacent).
    deep_state: Vec<Range<usize>>,
    deepest_state: usize,
    inline_images: u64,
    /// The scan stopped early: more operators than [`MAX_PAGE_OPERATORS`], or more distinct
    /// names than [`MAX_XOBJECT_NAMES`].
    overflow: Option<String>,
}

/// Is `b` PDF white space (§7.2.2, Table 1)?
fn is_space(b: u8) -> bool {
    matches!(b, 0 | 9 | 10 | 12 | 13 | 32)
}

/// Is `b` a PDF delimiter (§7.2.2, Table 2)?
fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

/// A name token's bytes with `#xx` escapes decoded (§7.3.5), as lopdf stores dictionary keys.
fn decode_name(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'#'
            && i + 2 < raw.len()
            && let (Some(h), Some(l)) = (hex(raw[i + 1]), hex(raw[i + 2]))
        {
            out.push(h << 4 | l);
            i += 3;
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    out
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// Adds `r` to `spans`, merging it into the last span when only white space lies between.
fn push_span(spans: &mut Vec<Range<usize>>, r: Range<usize>, bytes: &[u8]) {
    if let Some(last) = spans.last_mut()
        && last.end <= r.start
        && bytes[last.end..r.start].iter().all(|&b| is_space(b))
    {
        last.end = r.end;
        return;
    }
    spans.push(r);
}

/// One lexical pass over a content stream (§7.8.2): operators counted, `Do` targets with their
/// spans, `q` depth, inline images skipped (`BI … ID <data> EI`). Never allocates per operator.
fn scan(bytes: &[u8]) -> Scan {
    let mut s = Scan::default();
    let mut i = 0;
    let n = bytes.len();
    // The last operand, when it was a name: its decoded bytes and where it began.
    let mut last_name: Option<(Range<usize>, usize)> = None;
    let mut depth = 0usize;
    let mut skipped = 0usize;
    let mut recorded = 0u64;
    let mut index: HashMap<Vec<u8>, usize> = HashMap::new();
    while i < n {
        let b = bytes[i];
        if is_space(b) {
            i += 1;
            continue;
        }
        let start = i;
        match b {
            b'%' => {
                while i < n && bytes[i] != b'\n' && bytes[i] != b'\r' {
                    i += 1;
                }
                continue;
            }
            b'(' => {
                let mut level = 0usize;
                while i < n {
                    match bytes[i] {
                        b'\\' => i += 1,
                        b'(' => level += 1,
                        b')' => {
                            level -= 1;
                            if level == 0 {
                                i += 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                last_name = None;
                continue;
            }
            b'<' if bytes.get(i + 1) == Some(&b'<') => {
                i += 2;
                last_name = None;
                continue;
            }
            b'>' if bytes.get(i + 1) == Some(&b'>') => {
                i += 2;
                last_name = None;
                continue;
            }
            b'<' => {
                while i < n && bytes[i] != b'>' {
                    i += 1;
                }
                i += 1;
                last_name = None;
                continue;
            }
            b'/' => {
                i += 1;
                while i < n && !is_space(bytes[i]) && !is_delimiter(bytes[i]) {
                    i += 1;
                }
                last_name = Some((start + 1..i, start));
                continue;
            }
            _ if is_delimiter(b) => {
                // `[ ] { } )` and a stray `>`: structure only.
                i += 1;
                last_name = None;
                continue;
            }
            _ => {}
        }
        while i < n && !is_space(bytes[i]) && !is_delimiter(bytes[i]) {
            i += 1;
        }
        let word = &bytes[start..i];
        let name = last_name.take();
        if word[0].is_ascii_digit() || matches!(word[0], b'+' | b'-' | b'.') {
            continue; // a number
        }
        if matches!(word, b"true" | b"false" | b"null") {
            continue;
        }
        s.operators += 1;
        if s.operators > MAX_PAGE_OPERATORS {
            s.overflow = Some(format!(
                "more than {MAX_PAGE_OPERATORS} operators to run (limit of operators per page)"
            ));
            break;
        }
        match word {
            b"q" => {
                if depth < MAX_STATE_DEPTH {
                    depth += 1;
                    s.deepest_state = s.deepest_state.max(depth);
                } else {
                    skipped += 1;
                    push_span(&mut s.deep_state, start..i, bytes);
                }
            }
            b"Q" => {
                if skipped > 0 {
                    skipped -= 1;
                    push_span(&mut s.deep_state, start..i, bytes);
                } else {
                    depth = depth.saturating_sub(1);
                }
            }
            b"Do" => {
                // A `Do` without a name operand names nothing: it is cut as a missing one.
                let (target, span) = match name {
                    Some((r, at)) => (decode_name(&bytes[r]), at..i),
                    None => (Vec::new(), start..i),
                };
                match index.get(&target) {
                    Some(&k) => {
                        let x = &mut s.invocations[k];
                        x.count += 1;
                        // Spans beyond the page limit are never needed: the page fails.
                        if recorded <= MAX_FORM_INVOCATIONS {
                            x.spans.push(span);
                        }
                    }
                    None => {
                        if s.invocations.len() >= MAX_XOBJECT_NAMES {
                            s.overflow = Some(format!(
                                "draws more than {MAX_XOBJECT_NAMES} distinct XObjects (limit of XObject names per stream)"
                            ));
                            break;
                        }
                        index.insert(target.clone(), s.invocations.len());
                        s.invocations.push(Invocation {
                            name: target,
                            count: 1,
                            spans: vec![span],
                        });
                    }
                }
                recorded += 1;
            }
            b"BI" => {
                s.inline_images += 1;
                // Skip to `ID`, then the data up to white space + `EI` + white space or end.
                let Some(id) = find_word(bytes, i, b"ID") else {
                    break;
                };
                let data = id + 3;
                let mut j = data;
                loop {
                    match memchr::memmem::find(&bytes[j.min(n)..], b"EI") {
                        Some(k) => {
                            let at = j + k;
                            let before = at == 0 || is_space(bytes[at - 1]);
                            let after = at + 2 >= n || is_space(bytes[at + 2]);
                            if before && after && at >= data {
                                i = at + 2;
                                break;
                            }
                            j = at + 2;
                        }
                        None => {
                            i = n;
                            break;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    s
}

/// The offset of the operator `word` standing alone at or after `from`.
fn find_word(bytes: &[u8], from: usize, word: &[u8]) -> Option<usize> {
    let mut j = from;
    while let Some(k) = memchr::memmem::find(&bytes[j..], word) {
        let at = j + k;
        let before = at == 0 || is_space(bytes[at - 1]) || is_delimiter(bytes[at - 1]);
        let end = at + word.len();
        let after = end >= bytes.len() || is_space(bytes[end]) || is_delimiter(bytes[end]);
        if before && after {
            return Some(at);
        }
        j = at + 1;
    }
    None
}

/// `bytes` with every span replaced by one space.
fn cut(bytes: &[u8], spans: &mut [Range<usize>]) -> Vec<u8> {
    spans.sort_by_key(|r| r.start);
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for r in spans.iter() {
        if r.start < at {
            continue;
        }
        out.extend_from_slice(&bytes[at..r.start]);
        out.push(b' ');
        at = r.end;
    }
    out.extend_from_slice(&bytes[at.min(bytes.len())..]);
    out
}

/// `o` with references followed (lopdf bounds the chain).
fn deref<'a>(doc: &'a Document, o: &'a Object) -> Option<&'a Object> {
    doc.dereference(o).ok().map(|(_, o)| o)
}

/// A content stream's bytes as the interpreter gets them (decompressed when lopdf can).
fn stream_bytes(s: &Stream) -> Vec<u8> {
    s.decompressed_content()
        .unwrap_or_else(|_| s.content.clone())
}

/// `id`'s form XObject or image, as `/Name Do` resolves it in `resources` (§8.10).
enum Target<'a> {
    Form {
        id: ObjectId,
        stream: &'a Stream,
    },
    Image,
    /// Neither: missing, not a stream, or a PostScript XObject.
    Missing,
}

fn resolve<'a>(doc: &'a Document, resources: Option<&'a Dictionary>, name: &[u8]) -> Target<'a> {
    let Some(xo) = resources
        .and_then(|r| r.get(b"XObject").ok())
        .and_then(|o| deref(doc, o))
        .and_then(|o| o.as_dict().ok())
    else {
        return Target::Missing;
    };
    let Ok(Object::Reference(id)) = xo.get(name) else {
        return Target::Missing;
    };
    let Some(stream) = doc.get_object(*id).ok().and_then(|o| o.as_stream().ok()) else {
        return Target::Missing;
    };
    match stream.dict.get(b"Subtype").and_then(Object::as_name) {
        Ok(b"Form") => Target::Form { id: *id, stream },
        Ok(b"Image") => Target::Image,
        _ => Target::Missing,
    }
}

/// The resources a form runs with: its own, else the invoking stream's (as pdf-extract does).
fn form_resources<'a>(
    doc: &'a Document,
    stream: &'a Stream,
    inherited: Option<&'a Dictionary>,
) -> Option<&'a Dictionary> {
    stream
        .dict
        .get(b"Resources")
        .ok()
        .and_then(|o| deref(doc, o))
        .and_then(|o| o.as_dict().ok())
        .or(inherited)
}

fn show_name(name: &[u8]) -> String {
    if name.is_empty() {
        return "Do without a name".into();
    }
    format!("/{}", String::from_utf8_lossy(name))
}

fn show_id(id: ObjectId) -> String {
    format!("{} {} R", id.0, id.1)
}

/// One stream on the interpreter's path: what it invokes, and how far through that we are.
struct Frame<'a> {
    key: Key,
    resources: Option<&'a Dictionary>,
    scan: Rc<Scan>,
    next: usize,
    /// How many times the interpreter runs this stream (product of repeats on the path).
    runs: u64,
}

/// Edits planned for the page, applied once the walk (which borrows the document) is done.
#[derive(Default)]
struct Edits {
    cuts: HashMap<Key, Vec<Range<usize>>>,
}

impl Guard {
    /// Guards page `n` (object `page`) of `doc`: see the module docs.
    pub fn page(&mut self, doc: &mut Document, n: u32, page: ObjectId) -> PageGuard {
        let mut out = PageGuard::default();
        inherit(doc, page, &mut out, n);
        let contents = doc.get_page_contents(page);
        let page_scan = Rc::new(scan(&content_of(doc, &Key::Page(contents.clone()))));
        let mut edits = Edits::default();
        if let Err(e) = self.walk(doc, n, page, contents, page_scan, &mut out, &mut edits) {
            out.error = Some(e);
            return out;
        }
        self.apply(doc, page, edits);
        out
    }

    /// The scan of form `id`, made once per document (until the form is rewritten).
    fn form_scan(&mut self, doc: &Document, id: ObjectId) -> Rc<Scan> {
        self.scans
            .entry(id)
            .or_insert_with(|| Rc::new(scan(&content_of(doc, &Key::Form(id)))))
            .clone()
    }

    /// Walks the forms the page draws, depth first with an explicit stack.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        doc: &Document,
        n: u32,
        page: ObjectId,
        contents: Vec<ObjectId>,
        root: Rc<Scan>,
        out: &mut PageGuard,
        edits: &mut Edits,
    ) -> Result<(), ExtractError> {
        let resources = doc
            .get_dictionary(page)
            .ok()
            .and_then(|d| d.get(b"Resources").ok())
            .and_then(|o| deref(doc, o))
            .and_then(|o| o.as_dict().ok());
        if let Some(why) = &root.overflow {
            return Err(ExtractError::damaged(format!(
                "page {n}: its content {why}: not extracted"
            )));
        }
        let page_key = Key::Page(contents);
        out.images = root.inline_images;
        let mut invocations = 0u64;
        let mut operators = root.operators;
        let mut cycles: HashSet<(ObjectId, Vec<u8>)> = HashSet::new();
        let mut missing: Vec<Vec<u8>> = Vec::new();
        let mut too_deep = 0u64;
        note_state(&root, &page_key, n, out, edits);
        let mut stack = vec![Frame {
            key: page_key,
            resources,
            scan: root,
            next: 0,
            runs: 1,
        }];
        while let Some(top) = stack.last_mut() {
            let scan = top.scan.clone();
            let Some(inv) = scan.invocations.get(top.next) else {
                stack.pop();
                continue;
            };
            top.next += 1;
            let (key, res, runs) = (top.key.clone(), top.resources, top.runs);
            let times = runs.saturating_mul(inv.count);
            match resolve(doc, res, &inv.name) {
                Target::Missing => {
                    edits
                        .cuts
                        .entry(key)
                        .or_default()
                        .extend(inv.spans.iter().cloned());
                    if !missing.contains(&inv.name) {
                        missing.push(inv.name.clone());
                    }
                }
                Target::Image => {
                    out.images = out.images.saturating_add(times);
                    edits
                        .cuts
                        .entry(key)
                        .or_default()
                        .extend(inv.spans.iter().cloned());
                }
                Target::Form { id, stream } => {
                    let on_path = stack.iter().position(|f| f.key == Key::Form(id));
                    if let Some(at) = on_path {
                        edits
                            .cuts
                            .entry(key.clone())
                            .or_default()
                            .extend(inv.spans.iter().cloned());
                        let Key::Form(from) = key else { continue };
                        if cycles.insert((from, inv.name.clone())) {
                            let chain: Vec<String> = stack[at..]
                                .iter()
                                .filter_map(|f| match f.key {
                                    Key::Form(i) => Some(show_id(i)),
                                    Key::Page(_) => None,
                                })
                                .chain(std::iter::once(show_id(id)))
                                .collect();
                            let msg = if chain.len() == 2 {
                                format!(
                                    "page {n}: form XObject {} draws itself ({} Do): a cycle; that invocation was skipped",
                                    show_id(id),
                                    show_name(&inv.name)
                                )
                            } else {
                                format!(
                                    "page {n}: form XObjects draw each other in a cycle ({}; {} Do in {} closes it): that invocation was skipped",
                                    chain.join(" → "),
                                    show_name(&inv.name),
                                    show_id(from)
                                )
                            };
                            out.diagnostics
                                .push(Diagnostic::new(DiagnosticKind::Damaged, msg));
                        }
                        continue;
                    }
                    if stack.len() > MAX_FORM_DEPTH {
                        edits
                            .cuts
                            .entry(key)
                            .or_default()
                            .extend(inv.spans.iter().cloned());
                        too_deep += 1;
                        continue;
                    }
                    invocations = invocations.saturating_add(times);
                    if invocations > MAX_FORM_INVOCATIONS {
                        return Err(ExtractError::damaged(format!(
                            "page {n}: draws more than {MAX_FORM_INVOCATIONS} form XObjects (forms drawing forms many times over): not extracted (limit of form invocations per page)"
                        )));
                    }
                    let child = Key::Form(id);
                    let child_scan = self.form_scan(doc, id);
                    if let Some(why) = &child_scan.overflow {
                        return Err(ExtractError::damaged(format!(
                            "page {n}: form XObject {} {why}: not extracted",
                            show_id(id)
                        )));
                    }
                    operators =
                        operators.saturating_add(times.saturating_mul(child_scan.operators));
                    if operators > MAX_PAGE_OPERATORS {
                        return Err(ExtractError::damaged(format!(
                            "page {n}: its content and forms make more than {MAX_PAGE_OPERATORS} operators to run: not extracted (limit of operators per page)"
                        )));
                    }
                    out.images = out
                        .images
                        .saturating_add(times.saturating_mul(child_scan.inline_images));
                    note_state(&child_scan, &child, n, out, edits);
                    let resources = form_resources(doc, stream, res);
                    stack.push(Frame {
                        key: child,
                        resources,
                        scan: child_scan,
                        next: 0,
                        runs: times,
                    });
                }
            }
        }
        if operators > MAX_PAGE_OPERATORS {
            return Err(ExtractError::damaged(format!(
                "page {n}: its content makes more than {MAX_PAGE_OPERATORS} operators to run: not extracted (limit of operators per page)"
            )));
        }
        if too_deep > 0 {
            out.diagnostics.push(
                Diagnostic::new(
                    DiagnosticKind::Limit,
                    format!(
                        "page {n}: form XObjects nested more than {MAX_FORM_DEPTH} deep: {too_deep} deeper invocation(s) skipped (limit of form nesting)"
                    ),
                )
                .count(too_deep),
            );
        }
        if !missing.is_empty() {
            let names: Vec<String> = missing.iter().take(5).map(|m| show_name(m)).collect();
            out.diagnostics.push(
                Diagnostic::new(
                    DiagnosticKind::Damaged,
                    format!(
                        "page {n}: draws XObjects its resources do not define ({}): skipped",
                        names.join(", ")
                    ),
                )
                .count(missing.len() as u64),
            );
        }
        Ok(())
    }

    /// Writes the planned cuts back: a form's stream in place, a page's content as a new
    /// stream (shared by the pages whose content was the same).
    fn apply(&mut self, doc: &mut Document, page: ObjectId, edits: Edits) {
        for (key, mut spans) in edits.cuts {
            match key {
                Key::Form(id) => {
                    let bytes = match doc.get_object(id).and_then(Object::as_stream) {
                        Ok(s) => stream_bytes(s),
                        Err(_) => continue,
                    };
                    let new = cut(&bytes, &mut spans);
                    if let Ok(Object::Stream(s)) = doc.get_object_mut(id) {
                        s.set_plain_content(new);
                    }
                    // The scan no longer describes the stream; later pages rescan it.
                    self.scans.remove(&id);
                }
                Key::Page(ids) => {
                    spans.sort_by_key(|r| (r.start, r.end));
                    spans.dedup();
                    let memo = (ids, spans);
                    let new_id = match self.rewritten.get(&memo) {
                        Some(&id) => id,
                        None => {
                            let bytes = content_of(doc, &Key::Page(memo.0.clone()));
                            let new = cut(&bytes, &mut memo.1.clone());
                            let id = doc.add_object(Stream::new(Dictionary::new(), new));
                            self.rewritten.insert(memo, id);
                            id
                        }
                    };
                    if let Ok(d) = doc.get_dictionary_mut(page) {
                        d.set("Contents", Object::Reference(new_id));
                    }
                }
            }
        }
    }
}

/// Plans the cut of `q`/`Q` nested too deep in one stream, with a diagnostic.
fn note_state(s: &Scan, key: &Key, n: u32, out: &mut PageGuard, edits: &mut Edits) {
    if s.deep_state.is_empty() {
        return;
    }
    edits
        .cuts
        .entry(key.clone())
        .or_default()
        .extend(s.deep_state.iter().cloned());
    let what = match key {
        Key::Page(_) => "its content".to_string(),
        Key::Form(id) => format!("form XObject {}", show_id(*id)),
    };
    out.diagnostics.push(Diagnostic::new(
        DiagnosticKind::Limit,
        format!(
            "page {n}: {what} nests graphics states (q) more than {MAX_STATE_DEPTH} deep: the deeper q/Q pairs were skipped (limit of graphics state nesting)"
        ),
    ));
}

/// The bytes of a stream or of a page's content streams, joined as lopdf joins them.
fn content_of(doc: &Document, key: &Key) -> Vec<u8> {
    match key {
        Key::Form(id) => doc
            .get_object(*id)
            .and_then(Object::as_stream)
            .map(stream_bytes)
            .unwrap_or_default(),
        Key::Page(ids) => {
            let mut out = Vec::new();
            for id in ids {
                if let Ok(s) = doc.get_object(*id).and_then(Object::as_stream) {
                    out.extend_from_slice(&stream_bytes(s));
                    out.push(b'\n');
                }
            }
            out
        }
    }
}

/// Copies `Resources` and `MediaBox` inherited through `/Parent` links onto the page itself,
/// walking at most [`MAX_TREE_DEPTH`] links and stopping at a cycle, so the interpreter's own
/// recursive walk up the tree ends at the page. A page with no media box gets US Letter.
fn inherit(doc: &mut Document, page: ObjectId, out: &mut PageGuard, n: u32) {
    let mut found: [Option<Object>; 2] = [None, None];
    let keys: [&[u8]; 2] = [b"Resources", b"MediaBox"];
    let mut seen = HashSet::new();
    let mut node = Some(page);
    let mut cyclic = false;
    for _ in 0..=MAX_TREE_DEPTH {
        let Some(id) = node else { break };
        if !seen.insert(id) {
            cyclic = true;
            break;
        }
        let Ok(d) = doc.get_dictionary(id) else { break };
        for (slot, key) in found.iter_mut().zip(keys) {
            if slot.is_none()
                && let Ok(v) = d.get(key)
            {
                *slot = Some(v.clone());
            }
        }
        if found.iter().all(Option::is_some) {
            break;
        }
        node = d.get(b"Parent").and_then(Object::as_reference).ok();
    }
    let [resources, media] = found;
    if cyclic {
        out.diagnostics.push(Diagnostic::new(
            DiagnosticKind::Damaged,
            format!("page {n}: its /Parent links form a cycle; inherited attributes looked up as far as it"),
        ));
    }
    let media_missing = media.is_none();
    if let Ok(d) = doc.get_dictionary_mut(page) {
        d.set(
            "Resources",
            resources.unwrap_or_else(|| Object::Dictionary(Dictionary::new())),
        );
        d.set(
            "MediaBox",
            media
                .unwrap_or_else(|| Object::Array(vec![0.into(), 0.into(), 612.into(), 792.into()])),
        );
    }
    if media_missing {
        out.diagnostics.push(Diagnostic::new(
            DiagnosticKind::Damaged,
            format!("page {n}: no MediaBox on the page or above it: US Letter assumed"),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_finds_invocations_and_skips_strings_and_images() {
        let s = scan(b"q /Fm0 Do (a /Fake Do \\) ( ) Tj) Tj %/C Do\n/F#30 Do BI /W 1 ID \x00EI\x01 EI Q /Fm0 Do");
        let names: Vec<(String, u64)> = s
            .invocations
            .iter()
            .map(|i| (String::from_utf8_lossy(&i.name).into_owned(), i.count))
            .collect();
        assert_eq!(names, vec![("Fm0".into(), 2), ("F0".into(), 1)]);
        assert_eq!(s.inline_images, 1);
        assert_eq!(s.deepest_state, 1);
        // q, Do, Tj, Do, BI, Q, Do
        assert_eq!(s.operators, 7);
    }

    #[test]
    fn deep_state_is_cut_with_its_matching_restores() {
        let depth = MAX_STATE_DEPTH + 5;
        let mut c = Vec::new();
        c.extend(b"q ".repeat(depth));
        c.extend_from_slice(b"BT (x) Tj ET ");
        c.extend(b"Q ".repeat(depth));
        let s = scan(&c);
        assert_eq!(s.deepest_state, MAX_STATE_DEPTH);
        let mut spans = s.deep_state.clone();
        let out = cut(&c, &mut spans);
        let again = scan(&out);
        assert!(again.deep_state.is_empty());
        assert_eq!(again.operators, 2 * MAX_STATE_DEPTH as u64 + 3);
    }
}

//! HTML: decoded with HTML precedence (BOM > transport > `<meta>` > statistical, HTML §13.2.3),
//! then tokenized with html5ever (the WHATWG tokenizer: legacy entities without `;`, unquoted
//! attributes, `<script>` and `<style>` contents as raw text). Scripts, styles and comments go;
//! text is collected into blocks (paragraphs, list items, cells), which are classified as
//! content or boilerplate by text and link density ([`super::boilerplate`]). Title, headings,
//! anchor text and `<meta>` fields are kept as separate fields, and `lang` attributes are
//! counted per language for the language stage (as the seed on markup argues: text marked with
//! a language should be counted under that language).

use super::LimitKind;
use super::boilerplate;
use super::decoding::{charset_diagnostics, decode_file_text};
use super::diagnostic::{Diagnostic, DiagnosticKind};
use super::{
    Block, BlockClass, DocumentUnit, Extracted, ExtractorInfo, LangShare, Locator, Options,
};
use crate::format::Format;
use crate::span::ByteSpan;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use std::cell::RefCell;

/// This extractor.
pub const INFO: ExtractorInfo = ExtractorInfo {
    name: "html",
    version: env!("CARGO_PKG_VERSION"),
    uses: "html5ever 0.40 tokenizer; boilerplate by Kohlschütter et al. 2010 density rules",
};

/// Elements that start and end a block of text.
const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "center",
    "dd",
    "details",
    "dialog",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "html",
    "legend",
    "li",
    "main",
    "menu",
    "nav",
    "ol",
    "option",
    "p",
    "pre",
    "section",
    "summary",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "ul",
    "br_block",
];

/// Elements whose content is not text a reader sees.
const SKIP_TAGS: &[&str] = &[
    "script", "style", "noscript", "template", "svg", "math", "head", "object", "iframe",
    "noembed", "noframes", "select", "datalist",
];

/// Elements without content (never pushed on the open-element stack).
const VOID_TAGS: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr", "keygen",
];

/// A block as the tokenizer builds it.
#[derive(Default)]
struct RawBlock {
    text: String,
    anchor_words: u32,
    tag: String,
    lang: Option<String>,
    line: u64,
}

#[derive(Default)]
struct State {
    /// Open elements: (name, lang attribute if any).
    stack: Vec<(String, Option<String>)>,
    depth_limited: bool,
    skip_depth: usize,
    in_title: bool,
    title: String,
    anchor_depth: usize,
    anchor_text: String,
    anchors: Vec<String>,
    heading: Option<String>,
    headings: Vec<String>,
    pre_depth: usize,
    current: RawBlock,
    blocks: Vec<RawBlock>,
    meta: Vec<(String, String)>,
    html_lang: Option<String>,
    langs: Vec<LangShare>,
    parse_errors: u64,
    max_depth: usize,
}

impl State {
    fn lang(&self) -> Option<String> {
        self.stack.iter().rev().find_map(|(_, l)| l.clone())
    }

    fn flush(&mut self) {
        let text = self.current.text.trim().to_string();
        let b = std::mem::take(&mut self.current);
        if !text.is_empty() {
            self.blocks.push(RawBlock { text, ..b });
        }
    }

    fn start_block(&mut self, tag: &str, line: u64) {
        self.flush();
        self.current.tag = tag.to_string();
        self.current.lang = self.lang();
        self.current.line = line;
    }

    fn text(&mut self, s: &str, line: u64) {
        if self.in_title {
            self.title.push_str(s);
            return;
        }
        if self.skip_depth > 0 {
            return;
        }
        if self.current.text.is_empty() {
            self.current.line = line;
            if self.current.tag.is_empty() {
                self.current.tag = self
                    .stack
                    .last()
                    .map(|(n, _)| n.clone())
                    .unwrap_or_default();
            }
            self.current.lang = self.lang();
        }
        // Rendering collapses whitespace outside <pre>.
        let mut chars = 0u64;
        if self.pre_depth > 0 {
            self.current.text.push_str(s);
            chars = s.chars().filter(|c| !c.is_whitespace()).count() as u64;
        } else {
            for c in s.chars() {
                if c.is_whitespace() {
                    if !self.current.text.ends_with([' ', '\n']) && !self.current.text.is_empty() {
                        self.current.text.push(' ');
                    }
                } else {
                    self.current.text.push(c);
                    chars += 1;
                }
            }
        }
        if self.anchor_depth > 0 {
            self.anchor_text.push_str(s);
            self.current.anchor_words += super::count_words(s) as u32;
        }
        if let Some(h) = &mut self.heading {
            h.push_str(s);
        }
        if let Some(l) = self.lang().or_else(|| self.html_lang.clone()) {
            match self.langs.iter_mut().find(|x| x.lang == l) {
                Some(x) => x.chars += chars,
                None => self.langs.push(LangShare { lang: l, chars }),
            }
        }
    }

    fn tag(&mut self, tag: Tag, line: u64) -> TokenSinkResult<()> {
        let name = tag.name.to_string();
        let attr = |n: &str| {
            tag.attrs
                .iter()
                .find(|a| &*a.name.local == n)
                .map(|a| a.value.to_string())
        };
        match tag.kind {
            TagKind::StartTag => {
                if name == "html" {
                    self.html_lang = attr("lang").or_else(|| attr("xml:lang"));
                }
                if name == "meta" {
                    let key = attr("name")
                        .or_else(|| attr("property"))
                        .or_else(|| attr("http-equiv"));
                    if let (Some(k), Some(v)) = (key, attr("content")) {
                        self.meta.push((k.to_ascii_lowercase(), v));
                    }
                }
                if name == "br" && self.skip_depth == 0 && !self.current.text.is_empty() {
                    self.current.text.push('\n');
                }
                if name == "img" && self.skip_depth == 0 {
                    // Alt text is what a reader of a text-only page gets; not indexed as body.
                    if let Some(alt) = attr("alt") {
                        let alt = alt.trim();
                        if !alt.is_empty() {
                            self.meta.push(("img-alt".into(), alt.to_string()));
                        }
                    }
                }
                let raw = match name.as_str() {
                    "script" => Some(TokenSinkResult::RawData(RawKind::ScriptData)),
                    "style" | "xmp" | "iframe" | "noembed" | "noframes" => {
                        Some(TokenSinkResult::RawData(RawKind::Rawtext))
                    }
                    "textarea" | "title" => Some(TokenSinkResult::RawData(RawKind::Rcdata)),
                    "plaintext" => Some(TokenSinkResult::Plaintext),
                    _ => None,
                };
                if VOID_TAGS.contains(&name.as_str()) || tag.self_closing {
                    if name == "hr" {
                        self.start_block("hr", line);
                    }
                    return raw.unwrap_or(TokenSinkResult::Continue);
                }
                if self.stack.len() >= self.max_depth {
                    self.depth_limited = true;
                } else {
                    self.stack
                        .push((name.clone(), attr("lang").or_else(|| attr("xml:lang"))));
                }
                if name == "title" && self.skip_depth <= 1 {
                    self.in_title = true;
                } else if SKIP_TAGS.contains(&name.as_str()) {
                    self.skip_depth += 1;
                }
                if BLOCK_TAGS.contains(&name.as_str()) {
                    self.start_block(&name, line);
                }
                match name.as_str() {
                    "a" => {
                        self.anchor_depth += 1;
                        if self.anchor_depth == 1 {
                            self.anchor_text.clear();
                        }
                    }
                    "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => self.heading = Some(String::new()),
                    "pre" => self.pre_depth += 1,
                    _ => {}
                }
                raw.unwrap_or(TokenSinkResult::Continue)
            }
            TagKind::EndTag => {
                if let Some(pos) = self.stack.iter().rposition(|(n, _)| *n == name) {
                    // Elements left open inside it close with it (HTML's implied end tags).
                    for (n, _) in self
                        .stack
                        .drain(pos..)
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                    {
                        self.close(&n, line);
                    }
                } else if name == "title" {
                    self.in_title = false;
                }
                TokenSinkResult::Continue
            }
        }
    }

    fn close(&mut self, name: &str, line: u64) {
        if name == "title" {
            self.in_title = false;
        } else if SKIP_TAGS.contains(&name) {
            self.skip_depth = self.skip_depth.saturating_sub(1);
        }
        match name {
            "a" => {
                self.anchor_depth = self.anchor_depth.saturating_sub(1);
                if self.anchor_depth == 0 {
                    let t = collapse(&self.anchor_text);
                    if !t.is_empty() {
                        self.anchors.push(t);
                    }
                    self.anchor_text.clear();
                }
            }
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                if let Some(h) = self.heading.take() {
                    let h = collapse(&h);
                    if !h.is_empty() {
                        self.headings.push(h);
                    }
                }
            }
            "pre" => self.pre_depth = self.pre_depth.saturating_sub(1),
            _ => {}
        }
        if BLOCK_TAGS.contains(&name) {
            self.flush();
            self.current.line = line;
        }
    }
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

struct Sink(RefCell<State>);

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, line: u64) -> TokenSinkResult<()> {
        let mut s = self.0.borrow_mut();
        match token {
            Token::TagToken(tag) => s.tag(tag, line),
            Token::CharacterTokens(t) => {
                s.text(&t, line);
                TokenSinkResult::Continue
            }
            Token::ParseError(_) => {
                s.parse_errors += 1;
                TokenSinkResult::Continue
            }
            _ => TokenSinkResult::Continue,
        }
    }
}

/// What the HTML pass produces, before it becomes a unit.
pub struct HtmlText {
    pub text: String,
    pub blocks: Vec<Block>,
    pub title: String,
    pub headings: Vec<String>,
    pub anchors: Vec<String>,
    pub meta: Vec<(String, String)>,
    pub html_lang: Option<String>,
    pub langs: Vec<LangShare>,
    pub diagnostics: Vec<Diagnostic>,
    /// Source line of each block (1-based), parallel to `blocks`.
    pub lines: Vec<u64>,
}

/// Extracts text, fields and blocks from decoded HTML.
pub fn extract_text(html: &str, opts: &Options) -> HtmlText {
    let sink = Sink(RefCell::new(State {
        max_depth: opts.limits.max_markup_depth,
        ..Default::default()
    }));
    let tok = Tokenizer::new(sink, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    while let html5ever::TokenizerResult::Script(_) = tok.feed(&input) {}
    tok.end();
    let mut st = tok.sink.0.into_inner();
    st.flush();
    let feats: Vec<boilerplate::Features> = st
        .blocks
        .iter()
        .map(|b| boilerplate::features(&b.text, b.anchor_words))
        .collect();
    let mut diagnostics = Vec::new();
    let mut classes = boilerplate::classify(&feats);
    if st.blocks.len() < 3 {
        classes.iter_mut().for_each(|c| *c = true);
    } else if !classes.iter().any(|&c| c) {
        diagnostics.push(Diagnostic::new(
            DiagnosticKind::Note,
            "no block looks like content by text and link density; all blocks kept",
        ));
        classes.iter_mut().for_each(|c| *c = true);
    }
    let mut text = String::new();
    let mut blocks = Vec::new();
    let mut lines = Vec::new();
    for ((b, f), content) in st.blocks.iter().zip(&feats).zip(&classes) {
        let keep = *content || opts.keep_boilerplate;
        let start = text.len();
        if keep {
            if !text.is_empty() {
                text.push_str("\n\n");
            }
            text.push_str(&b.text);
        }
        let span = if keep {
            (text.len() - b.text.len(), text.len())
        } else {
            (start, start)
        };
        blocks.push(Block {
            text_span: span,
            class: if *content {
                BlockClass::Content
            } else {
                BlockClass::Boilerplate
            },
            words: f.words,
            link_density: f.link_density,
            text_density: f.text_density,
            tag: b.tag.clone(),
            text: b.text.clone(),
            lang: b.lang.clone(),
        });
        lines.push(b.line);
    }
    let boiler: Vec<&Block> = blocks
        .iter()
        .filter(|b| b.class == BlockClass::Boilerplate)
        .collect();
    for b in &boiler {
        let preview: String = b.text.chars().take(60).collect();
        diagnostics.push(
            Diagnostic::new(
                DiagnosticKind::Boilerplate,
                format!(
                    "<{}> block classified as boilerplate (link density {:.2}, text density {:.1}, {} words){}: \"{}{}\"",
                    b.tag,
                    b.link_density,
                    b.text_density,
                    b.words,
                    if opts.keep_boilerplate { ", kept" } else { ", left out of the text" },
                    preview,
                    if b.text.chars().count() > 60 { "…" } else { "" }
                ),
            )
            .at_text(b.text_span.0, b.text_span.1),
        );
    }
    if st.depth_limited {
        diagnostics.push(Diagnostic::limit(
            LimitKind::MarkupDepth,
            format!(
                "elements nested deeper than {} levels: deeper ones are not tracked, their text is kept",
                opts.limits.max_markup_depth
            ),
        ));
    }
    if st.parse_errors > 0 {
        diagnostics.push(
            Diagnostic::new(
                DiagnosticKind::Note,
                format!(
                    "{} HTML parse errors (tag soup the tokenizer recovered from)",
                    st.parse_errors
                ),
            )
            .count(st.parse_errors),
        );
    }
    HtmlText {
        text,
        blocks,
        title: collapse(&st.title),
        headings: st.headings,
        anchors: st.anchors,
        meta: st.meta,
        html_lang: st.html_lang,
        langs: st.langs,
        diagnostics,
        lines,
    }
}

/// Fills a unit from extracted HTML.
pub fn unit_from(name: &str, locator: Locator, h: HtmlText) -> DocumentUnit {
    let mut u = DocumentUnit::new(name, locator, Format::Html, h.text);
    u.field("title", h.title.clone());
    for x in h.headings {
        u.field("headings", x);
    }
    for x in h.anchors {
        u.field("anchors", x);
    }
    if let Some(l) = &h.html_lang {
        u.field("lang", l.clone());
    }
    for (k, v) in h.meta {
        match k.as_str() {
            "description" | "keywords" | "og:title" | "og:description" | "img-alt" => {
                u.field(&k, v)
            }
            "author" | "generator" | "date" | "dc.date" | "dc.creator" | "dc.title"
            | "copyright" => u.meta(&k, v),
            _ => {}
        }
    }
    if !h.title.is_empty() {
        u.meta("title", h.title);
    }
    u.blocks = h.blocks;
    u.languages = h.langs;
    u.diagnostics.extend(h.diagnostics);
    super::trust::check(&mut u);
    u
}

/// Extracts an HTML file.
pub fn extract_file(name: &str, bytes: Vec<u8>, opts: &Options) -> Extracted {
    let d = decode_file_text(name, bytes, opts);
    let h = extract_text(&d.text, opts);
    // Where each block starts in the file: the start of its source line.
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(d.text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let block_bytes: Vec<Option<ByteSpan>> = h
        .lines
        .iter()
        .map(|&l| {
            let i = (l.max(1) - 1) as usize;
            let start = *line_starts.get(i)?;
            let end = line_starts.get(i + 1).copied().unwrap_or(d.text.len());
            d.decoded.map.span_of_range(&d.text, start, end)
        })
        .collect();
    let mut u = unit_from(name, Locator::File, h);
    // Boilerplate diagnostics point at their source lines too.
    let mut bi = 0;
    for diag in u
        .diagnostics
        .iter_mut()
        .filter(|x| x.kind == DiagnosticKind::Boilerplate)
    {
        while bi < u.blocks.len() && u.blocks[bi].class != BlockClass::Boilerplate {
            bi += 1;
        }
        diag.byte_span = block_bytes.get(bi).copied().flatten();
        bi += 1;
    }
    u.encoding = Some(d.charset.name().to_string());
    let mut diags = charset_diagnostics("the page", &d);
    diags.append(&mut u.diagnostics);
    u.diagnostics = diags;
    u.byte_span = Some(ByteSpan::new(0, d.decoded.map.src_end()));
    Extracted {
        extractor: INFO,
        units: vec![u],
        diagnostics: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(html: &str) -> HtmlText {
        extract_text(html, &Options::default())
    }

    #[test]
    fn scripts_styles_comments_go_entities_decode() {
        let h = ex(
            "<html><head><title>T &amp; C</title><style>p{color:red}</style></head>\
            <body><script>var x = '<p>not text</p>';</script><!-- hidden -->\
            <p>Caf&eacute; &copy 2026 &AMP; &#233;t&#xE9; &zzz; &not fair</p></body></html>",
        );
        assert_eq!(h.title, "T & C");
        assert_eq!(h.text, "Café © 2026 & été &zzz; ¬ fair");
        assert!(!h.text.contains("not text") && !h.text.contains("hidden"));
    }

    #[test]
    fn fields_and_langs() {
        let h = ex(
            r#"<html lang=en><head><meta name="description" content="About us">
            <meta name=author content="Administrator"></head><body>
            <h1>Main heading</h1><p>See <a href="/x">the report</a> now.</p>
            <p lang="de">Ein deutscher Satz.</p></body></html>"#,
        );
        assert_eq!(h.headings, vec!["Main heading"]);
        assert_eq!(h.anchors, vec!["the report"]);
        assert_eq!(h.html_lang.as_deref(), Some("en"));
        assert!(h.meta.contains(&("description".into(), "About us".into())));
        let de = h.langs.iter().find(|l| l.lang == "de").unwrap();
        assert_eq!(de.chars, "EindeutscherSatz.".len() as u64);
        let u = unit_from("x.html", Locator::File, h);
        let author = u.metadata.iter().find(|m| m.name == "author").unwrap();
        assert!(
            author.trust.is_some(),
            "a default account name is not trusted"
        );
    }

    #[test]
    fn boilerplate_blocks_are_listed_not_silently_dropped() {
        let para = "The council voted on Tuesday to close the old bridge for repairs. ".repeat(3);
        let html = format!(
            "<body><ul><li><a href=/>Home</a></li><li><a href=/n>News</a></li><li><a href=/s>Sport</a></li></ul>\
             <p>{para}</p><p>{para}</p><div class=footer>Copyright 2026 Example Corp</div></body>"
        );
        let h = ex(&html);
        assert!(
            h.text.contains("council") && !h.text.contains("Home"),
            "{}",
            h.text
        );
        assert!(
            h.blocks
                .iter()
                .any(|b| b.class == BlockClass::Boilerplate && b.text == "Home")
        );
        assert!(
            h.diagnostics
                .iter()
                .any(|d| d.kind == DiagnosticKind::Boilerplate && d.message.contains("Home"))
        );
        let kept = extract_text(
            &html,
            &Options {
                keep_boilerplate: true,
                ..Default::default()
            },
        );
        assert!(kept.text.contains("Home"));
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let html = "<div>".repeat(5000) + "deep text" + &"</div>".repeat(5000);
        let h = ex(&html);
        assert_eq!(h.text, "deep text");
        assert!(
            h.diagnostics
                .iter()
                .any(|d| d.kind == DiagnosticKind::Limit)
        );
    }
}

//! Command-line arguments. Names and JSON fields are a contract: scripts rely on them.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Exit status:
  0  success
  1  the input has the problem asked about (decode --errors strict met invalid bytes, or a
     corpus signal crossed an audit --fail-on threshold)
  2  usage error, or an input could not be read (the message names the path)

Every FILE may be `-` for standard input. Document text in reports is shown with control,
bidirectional and invisible characters as visible placeholders (␛, ⟨RLO⟩, ⟨ZWSP⟩); only
`decode` writes the text itself.";

/// What happened to these bytes on their way to becoming index terms?
///
/// `delineate FILE` opens the interactive explorer on FILE (the same as `delineate open FILE`).
#[derive(Debug, Parser)]
#[command(
    name = "delineate",
    version = crate::unicode::version_text(),
    about,
    after_help = AFTER_HELP,
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Open the explorer on these files.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub view: ViewArgs,
    /// Colour the reports: auto (a terminal, and no NO_COLOR), always, never. The explorer
    /// follows it too. Text that decode, fix and normalize write is never coloured.
    #[arg(long, value_enum, default_value_t, global = true, value_name = "WHEN")]
    pub color: super::output::ColorChoice,
}

/// Options of the explorer.
#[derive(Debug, Args, Default, Clone)]
pub struct ViewArgs {
    /// Draw one frame at WIDTHxHEIGHT to standard output instead of running interactively
    /// (for tests and timing the first frame).
    #[arg(long, value_name = "WxH", hide = true)]
    pub headless: Option<String>,
    /// With --headless: keys to play first, e.g. "Right Tab c Down Enter wait".
    #[arg(long, value_name = "KEYS", hide = true, default_value = "")]
    pub keys: String,
    /// With --headless: write the frame as an SVG picture (the README's screenshots).
    #[arg(long, hide = true, requires = "headless")]
    pub svg: bool,
    #[command(flatten)]
    pub stdin: StdinArgs,
}

/// How much of standard input is read (`-`): it is held in memory, where files are streamed.
#[derive(Debug, Args, Clone)]
pub struct StdinArgs {
    /// Largest standard input read, in MiB (files are streamed from disk whatever their size).
    #[arg(long, default_value_t = 512, value_name = "MiB")]
    pub max_input_mb: u64,
}

impl Default for StdinArgs {
    fn default() -> Self {
        StdinArgs { max_input_mb: 512 }
    }
}

impl StdinArgs {
    /// The limit in bytes.
    pub fn bytes(&self) -> u64 {
        self.max_input_mb.saturating_mul(1 << 20)
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the interactive explorer: hex bytes, their decodings, what each character is.
    #[command(after_help = AFTER_HELP)]
    Open(OpenArgs),
    /// Open the explorer on the bundled demo corpus: 113 documents in five sources (newswire
    /// with `&lt;` residue, crawled pages in five encodings, mail, office files and PDFs,
    /// legacy text with mojibake and invisible characters).
    #[command(after_help = AFTER_HELP)]
    Demo(DemoArgs),
    /// Report the encoding evidence, the decision and why, conflicts, candidate decodings and
    /// mojibake of each FILE.
    #[command(after_help = AFTER_HELP)]
    Inspect(InspectArgs),
    /// Decode FILE under an encoding and write the text as UTF-8 (the one command that writes
    /// document text to the terminal unescaped: it is raw text by request).
    #[command(after_help = AFTER_HELP)]
    Decode(DecodeArgs),
    /// Print the index terms of FILE, one per line, with the seed's tokenizer (lower-case runs of
    /// letters and digits).
    #[command(after_help = AFTER_HELP)]
    Tokens(TokensArgs),
    /// Undo mojibake (UTF-8 misread as a single-byte encoding, up to 3 rounds) in UTF-8 text, line
    /// by line. Like `decode`, it writes the text itself.
    #[command(after_help = AFTER_HELP)]
    Fix(FixArgs),
    /// List the representational anomalies of each FILE: invisible and control characters, bidi
    /// controls, compatibility variants, decomposed accents, split words, layout whitespace,
    /// undecoded entities, mojibake and mixed-script words — with byte and character spans.
    #[command(after_help = AFTER_HELP)]
    Anomalies(AnomaliesArgs),
    /// Run the normalisation pipeline (invisibles → NFC/NFKC → hyphenation → whitespace → fold)
    /// and write the normalised text; or, with --query, show where a query matches before and
    /// after. Like `decode`, it writes the text itself.
    #[command(after_help = AFTER_HELP)]
    Normalize(NormalizeArgs),
    /// Identify the format of each FILE, extract its text the way an indexer would (HTML,
    /// XML, PDF, DOCX/XLSX/PPTX, ODT/ODS/ODP, EPUB, email, mbox, Reuters SGML) and cut it into
    /// document units, each with a stable id, its locator, fields, metadata and what the
    /// extractor did (ligatures mapped, hyphens joined, boilerplate, pages needing OCR).
    #[command(after_help = AFTER_HELP)]
    Extract(ExtractArgs),
    /// Identify the language of each FILE and of each of its passages (on the extracted text,
    /// honouring `lang` attributes); `explain` works the seed's Cavnar–Trenkle example through,
    /// `eval` reproduces its experiment, `build-profiles` rebuilds the shipped models.
    #[command(after_help = AFTER_HELP)]
    Langid(LangidArgs),
    /// Audit a whole corpus: damage per document and per source (U+FFFD, invalid UTF-8,
    /// invisible characters, mojibake, entity residue, split words, non-words, mixed forms), a
    /// worst-documents ranking with its reasons, and the frequent terms with their provenance
    /// (`lt` from `&lt;`, `rã` from mojibake, `infor` from a split word).
    #[command(after_help = AFTER_HELP)]
    Audit(AuditArgs),
    /// Merge partial audits (`audit --emit-partial`) of shards of a corpus into one report.
    #[command(after_help = AFTER_HELP)]
    Merge(MergeArgs),
    /// Explain characters: code point, name, category, script, width, and how UTF-8 packs the code
    /// point, byte by byte (RFC 3629), with UTF-16 units and normalisation forms.
    #[command(after_help = AFTER_HELP)]
    Explain(ExplainArgs),
    /// Write a shell completion script to standard output, e.g.
    /// `delineate completions bash > ~/.local/share/bash-completion/completions/delineate`.
    Completions(CompletionsArgs),
    /// Write the manual page (roff) of delineate and its subcommands: to standard output, or one
    /// file per page into --out DIR (`delineate.1`, `delineate-audit.1`, …).
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write `delineate.1` and one page per subcommand into this directory instead of printing
    /// the main page.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct AnomaliesArgs {
    /// Files to scan (`-` for standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object per file per line.
    #[arg(long)]
    pub json: bool,
    /// Decode as this encoding instead of the one the evidence decides.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Only these classes (e.g. zero-width, bidi, entity, line-end-hyphen); repeatable.
    #[arg(long = "class", value_name = "CLASS")]
    pub classes: Vec<String>,
    /// List at most this many findings per file (counts are always complete).
    #[arg(long, default_value_t = 1000)]
    pub limit: usize,
    /// Also list findings judged legitimate in context (ZWJ in emoji, ZWNJ in Persian).
    #[arg(long)]
    pub all: bool,
    /// Decode with this error mode: replace shows U+FFFD from the decoder; ignore shows the
    /// bytes a deleting decoder drops.
    #[arg(long, value_enum, default_value_t = ErrorsArg::Replace)]
    pub errors: ErrorsArg,
    #[command(flatten)]
    pub stdin: StdinArgs,
}

#[derive(Debug, Args)]
pub struct NormalizeArgs {
    /// File to normalise (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Decode as this encoding instead of the one the evidence decides.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Steps to run, in this order (comma-separated): invisibles, normalize, hyphenation,
    /// whitespace, fold. Default: the seed's order without fold.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub steps: Vec<String>,
    /// Compatibility normalisation (NFKC) instead of NFC: folds ligatures, full-width forms,
    /// superscripts.
    #[arg(long)]
    pub nfkc: bool,
    /// Map hyphen and quote look-alikes to ASCII.
    #[arg(long)]
    pub punctuation: bool,
    /// Keep single line breaks (do not unwrap hard-wrapped paragraphs).
    #[arg(long)]
    pub keep_lines: bool,
    /// Add step 6: lower-case and strip accents (applied to a copy; that copy is written).
    #[arg(long)]
    pub fold: bool,
    /// Invisible classes step 2 removes (comma-separated), instead of the default set.
    #[arg(long, value_name = "CLASSES", value_delimiter = ',')]
    pub remove: Vec<String>,
    /// Write the normalisation record (JSON) to this file.
    #[arg(long, value_name = "OUT")]
    pub record: Option<PathBuf>,
    /// Normalise this query the same way and show where it matches in the raw and in the
    /// normalised text, instead of writing the text.
    #[arg(long, value_name = "TEXT")]
    pub query: Option<String>,
    /// Show what each step changed, instead of writing the text.
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    pub stdin: StdinArgs,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Characters to explain, e.g. "é€😀"; an argument of the form U+20AC names a code point.
    #[arg(value_name = "TEXT", required_unless_present = "bytes")]
    pub text: Vec<String>,
    /// Explain these bytes as UTF-8 instead, e.g. "e9 73": each character, and why an invalid
    /// sequence is invalid.
    #[arg(long, value_name = "HEX")]
    pub bytes: Option<String>,
    /// JSON instead of the tables.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct OpenArgs {
    /// Files to explore (`-` for standard input); several open as a list (key f).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub view: ViewArgs,
}

#[derive(Debug, Args)]
pub struct DemoArgs {
    #[command(flatten)]
    pub view: ViewArgs,
}

#[derive(Debug, Args)]
pub struct InspectArgs {
    /// Files to inspect (`-` for standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object per file per line instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Decode as this encoding (a WHATWG label, or one this tool decodes beside them: utf-32le,
    /// utf-32be, x-iso-8859-1-c1, cp437, cp737, cp775, cp850, cp852, cp855, cp856, cp857, cp860,
    /// cp861, cp862, cp863, cp864, cp865, cp1125, koi8-t, x-mac-ce, x-mac-croatian, x-mac-greek,
    /// x-mac-icelandic, x-mac-romanian, x-mac-turkish, viscii, tcvn, johab, euc-tw,
    /// shift_jis-2004, euc-jis-2004, and the EBCDIC pages cp037, cp273, cp277, cp278, cp280,
    /// cp284, cp285, cp297, cp500, cp871, cp1047, cp1140, cp1141, cp1142, cp1143, cp1144,
    /// cp1145, cp1146, cp1147, cp1148, cp1149); repeat to add candidates. The first one
    /// overrides the decision.
    #[arg(long = "encoding", value_name = "LABEL")]
    pub encodings: Vec<String>,
    /// A transport Content-Type header value, e.g. "text/html; charset=ISO-8859-1".
    #[arg(long, value_name = "VALUE")]
    pub content_type: Option<String>,
    #[command(flatten)]
    pub stdin: StdinArgs,
}

/// How an audit is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AuditFormat {
    /// A report for people.
    Text,
    /// One JSON object: summary, documents[], sources[], terms[].
    Json,
    /// Tab-separated tables (terms, documents, sources), each after a `# name` line.
    Tsv,
    /// Markdown tables.
    Markdown,
}

/// Options of the audit report, shared by `audit` and `merge`.
#[derive(Debug, Args)]
pub struct AuditReportArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = AuditFormat::Text)]
    pub format: AuditFormat,
    /// The same as --format json.
    #[arg(long, conflicts_with_all = ["tsv", "markdown"])]
    pub json: bool,
    /// The same as --format tsv.
    #[arg(long, conflicts_with = "markdown")]
    pub tsv: bool,
    /// The same as --format markdown.
    #[arg(long)]
    pub markdown: bool,
    /// Frequent terms listed.
    #[arg(long, default_value_t = 50)]
    pub top: usize,
    /// Worst documents listed in the text and markdown reports (JSON and TSV have all kept).
    #[arg(long, default_value_t = 20)]
    pub worst: usize,
    /// Documents kept in the table (the worst by score).
    #[arg(long, default_value_t = 10_000)]
    pub documents: usize,
    /// Distinct terms counted exactly (about 300 bytes each); beyond it the rarest are dropped
    /// and the report says how many, and below which frequency.
    #[arg(long = "max-terms", default_value_t = 1_000_000, value_name = "N")]
    pub max_terms: usize,
    /// Exit 1 when a corpus signal exceeds a threshold, e.g. `replacement>0`,
    /// `non-word-ratio>0.3`; repeatable (signals: replacement, decode-errors, invalid-utf8,
    /// invisible, mojibake, entities, split-words, hyphen-line-rate, non-word-ratio,
    /// extraction-problems, errors, worst-score).
    #[arg(long = "fail-on", value_name = "SIGNAL>THRESHOLD")]
    pub fail_on: Vec<String>,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Files and directories (walked recursively).
    #[arg(required_unless_present = "files_from", value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Also audit the paths listed in FILE (`-`: standard input), separated by NUL bytes when
    /// the list has any, else one per line: how a shard of a big corpus is handed over.
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// Print the files the audit would read (and the paths the walk could not use), then stop:
    /// NUL-terminated when standard output is not a terminal (`find -print0`), else one per
    /// line with control characters made visible. `scripts/spark_audit.py` shards this list.
    #[arg(long, conflicts_with = "emit_partial")]
    pub list_files: bool,
    #[command(flatten)]
    pub report: AuditReportArgs,
    /// Sources are directory prefixes this many levels below each root.
    #[arg(long = "by-source", default_value_t = 1, value_name = "DEPTH")]
    pub by_source: usize,
    /// The corpus root that sources are counted below (default: each PATH). Give the same
    /// root to every shard of a corpus audited in parts, so their sources line up in `merge`.
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Report every path below --root as below PREFIX instead (a URI such as
    /// `hdfs://nn/corpus`): for a corpus staged into a local directory, so the report names
    /// the documents where they live.
    #[arg(long, value_name = "PREFIX", requires = "root")]
    pub show_root: Option<String>,
    /// The document unit.
    #[arg(long, value_enum, default_value_t = UnitArg::Auto)]
    pub unit: UnitArg,
    /// The tokenizer: runs of letters and digits (the failure table's), or of letters (the
    /// seed's Reuters figures).
    #[arg(long = "tokens", value_enum, default_value_t = TokenRuleArg::Alnum)]
    pub tokens: TokenRuleArg,
    /// Write the partial result (mergeable with `delineate merge`) to FILE instead of a report.
    #[arg(long, value_name = "FILE")]
    pub emit_partial: Option<PathBuf>,
    /// Threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Partial results written by `audit --emit-partial` (or by `merge --emit-partial`).
    #[arg(required = true, value_name = "PARTIAL")]
    pub partials: Vec<PathBuf>,
    /// Write the merged partial result to FILE instead of a report: one step of a merge tree
    /// (merging is associative and order-independent).
    #[arg(long, value_name = "FILE")]
    pub emit_partial: Option<PathBuf>,
    #[command(flatten)]
    pub report: AuditReportArgs,
}

/// A language-identification method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// Cavnar–Trenkle (1994) exactly as the seed: nine languages, 300-n-gram profiles.
    Ct,
    /// Naive Bayes over n-grams and words of 81 languages, after a script cut (the default).
    Nb,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct LangidArgs {
    #[command(subcommand)]
    pub command: Option<LangidCommand>,
    /// Files to identify (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object per file per line.
    #[arg(long)]
    pub json: bool,
    #[arg(long, value_enum, default_value_t = MethodArg::Nb)]
    pub method: MethodArg,
    /// Classify each line on its own: `line_number<TAB>language<TAB>score` (score: the
    /// verdict's confidence, 0–1); with `--json`, one object per line (`line`, `verdict`).
    #[arg(long)]
    pub lines: bool,
    /// Only these languages (codes, comma-separated), e.g. en,de,fr.
    #[arg(long, value_delimiter = ',', value_name = "CODES")]
    pub only: Vec<String>,
    /// Always name one language, even between close relatives (no `ms|id` groups).
    #[arg(long)]
    pub no_abstain: bool,
    /// Threads that share a file's lines with `--lines` (default: all cores; the output is the
    /// same on any number).
    #[arg(long, requires = "lines")]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub stdin: StdinArgs,
}

#[derive(Debug, Subcommand)]
pub enum LangidCommand {
    /// Work Cavnar–Trenkle through for TEXT: each n-gram's rank in the text and in each
    /// language's profile, what it adds, the totals (the seed's table).
    Explain(LangidExplainArgs),
    /// The seed's experiment: snippets of at least L characters from the unseen second half of
    /// each UDHR translation, 50 per language, 30 seeds; median accuracy, IQR, confusions.
    Eval(LangidEvalArgs),
    /// Rebuild the shipped models (assets/langid/) from the shared data.
    BuildProfiles(LangidBuildArgs),
}

#[derive(Debug, Args)]
pub struct LangidExplainArgs {
    /// The text (several arguments are joined with spaces).
    #[arg(required = true, value_name = "TEXT")]
    pub text: Vec<String>,
    /// Languages whose columns the table shows (the ranking always has all nine).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "en,de",
        value_name = "CODES"
    )]
    pub languages: Vec<String>,
    /// Show only the first N rows of the table (0: all).
    #[arg(long, default_value_t = 0)]
    pub rows: usize,
}

#[derive(Debug, Args)]
pub struct LangidEvalArgs {
    #[arg(long, value_enum, default_value_t = MethodArg::Ct)]
    pub method: MethodArg,
    /// The shared data folder.
    #[arg(long, default_value = "../shared/data", value_name = "DIR")]
    pub data: PathBuf,
    /// Every language of the Bayes model (udhr/core's 77 and four more) instead of the seed's nine.
    #[arg(long)]
    pub all_languages: bool,
    #[arg(long, default_value_t = 30)]
    pub seeds: u64,
    #[arg(long, default_value_t = 50)]
    pub per_language: usize,
    #[arg(long, value_delimiter = ',', default_value = "20,50,100,200,400")]
    pub lengths: Vec<usize>,
    /// Count a verdict naming a group of close relatives (ms|id) as a verdict, not forced to
    /// one language: by default the eval forces one language, as the seed's experiment does.
    #[arg(long)]
    pub abstain: bool,
    /// Evaluate on the files under DIR instead (text the models never saw), all in the
    /// language --code names; answers range over the nine (or, with --all-languages, all).
    #[arg(long, value_name = "DIR", requires = "code")]
    pub corpus: Option<PathBuf>,
    /// The language of --corpus.
    #[arg(long, value_name = "CODE")]
    pub code: Option<String>,
    /// Write every snippet as `code<TAB>text` lines to FILE (to run other tools on the same
    /// snippets).
    #[arg(long, value_name = "FILE")]
    pub dump_snippets: Option<PathBuf>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct LangidBuildArgs {
    #[arg(long, default_value = "../shared/data", value_name = "DIR")]
    pub data: PathBuf,
    #[arg(long, default_value = "assets/langid", value_name = "DIR")]
    pub out: PathBuf,
    /// An unpacked `cldr-misc-full` npm package (`npm pack cldr-misc-full@48.2.0`): writes
    /// `exemplars.tsv`, the standard letters of the model's languages (the alphabets of those
    /// without a word list; langid's check of Cyrillic letters).
    #[arg(long, value_name = "DIR")]
    pub cldr: Option<PathBuf>,
    /// Training sources named by language code (`scripts/fetch_dictionaries.sh DIR` writes
    /// them): hunspell dictionaries (`af.dic`), whose stems train the languages without a word
    /// list, and translated user-interface strings (`nn.txt`, LibreOffice's), everyday text.
    #[arg(long, value_name = "DIR")]
    pub dicts: Option<PathBuf>,
}

/// Which document units to cut a file into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UnitArg {
    /// One unit per file.
    File,
    /// PDF pages, slides, sheets, EPUB chapters.
    Page,
    /// mbox messages.
    Message,
    /// Email body and each attachment; embedded objects of Office files.
    Part,
    /// The documents of an SGML collection (Reuters `<REUTERS>`).
    Document,
    /// mbox → messages, email → body + attachments, PDF → file, SGML → documents.
    Auto,
}

#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// Files to extract (`-` for standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The document unit.
    #[arg(long, value_enum, default_value_t = UnitArg::Auto)]
    pub unit: UnitArg,
    /// One JSON object per file per line: format, extractor, units[] (id, locator, format,
    /// encoding, text, fields, metadata, diagnostics[]) and the id → locator map.
    #[arg(long)]
    pub json: bool,
    /// Keep blocks classified as boilerplate in the text (they are always listed).
    #[arg(long)]
    pub keep_boilerplate: bool,
    /// A transport Content-Type header value, e.g. "text/html; charset=ISO-8859-1".
    #[arg(long, value_name = "VALUE")]
    pub content_type: Option<String>,
    /// Decode the file's own bytes (text, HTML, XML, SGML) in this encoding, whatever the
    /// evidence says; documents embedded in it keep their own.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// In the report, show at most this many characters of each unit's text (0: all).
    #[arg(long, default_value_t = 2000)]
    pub max_chars: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// The resource limits of extraction. Reaching one is reported as a `limit` diagnostic that
/// names it (never a silent truncation); the other documents go on.
#[derive(Debug, Args, Clone)]
pub struct LimitArgs {
    /// Seconds one document may take before it is abandoned and reported.
    #[arg(
        long,
        default_value_t = 60.0,
        value_name = "SECONDS",
        help_heading = "Limits"
    )]
    pub timeout: f64,
    /// Largest file read for extraction, in MiB.
    #[arg(
        long,
        default_value_t = 512,
        value_name = "MiB",
        help_heading = "Limits"
    )]
    pub max_input_mb: u64,
    /// Largest uncompressed archive entry (ZIP member, PDF stream), in MiB.
    #[arg(
        long,
        default_value_t = 128,
        value_name = "MiB",
        help_heading = "Limits"
    )]
    pub max_entry_mb: u64,
    /// Largest total uncompressed size read from one archive, and from all archives and PDF
    /// streams nested in one document together (nested zip bombs), in MiB.
    #[arg(
        long,
        default_value_t = 512,
        value_name = "MiB",
        help_heading = "Limits"
    )]
    pub max_archive_mb: u64,
    /// Largest compression ratio of an entry over 1 MiB (zip bombs reach 1000:1).
    #[arg(long, default_value_t = 200, value_name = "N", help_heading = "Limits")]
    pub max_ratio: u64,
    /// Most entries read from one archive.
    #[arg(
        long,
        default_value_t = 20_000,
        value_name = "N",
        help_heading = "Limits"
    )]
    pub max_entries: usize,
    /// Deepest nesting of containers (an attachment holding a DOCX holding an embedded file).
    #[arg(long, default_value_t = 3, value_name = "N", help_heading = "Limits")]
    pub max_nesting: usize,
    /// Deepest element nesting tracked in XML and HTML.
    #[arg(
        long,
        default_value_t = 1_000,
        value_name = "N",
        help_heading = "Limits"
    )]
    pub max_markup_depth: usize,
    /// Most PDF pages extracted.
    #[arg(
        long,
        default_value_t = 10_000,
        value_name = "N",
        help_heading = "Limits"
    )]
    pub max_pages: usize,
    /// Most memory the parsed objects of one PDF may take (its dictionaries and arrays, which
    /// cost some twenty times their size in the file), in MiB.
    #[arg(
        long,
        default_value_t = 256,
        value_name = "MiB",
        help_heading = "Limits"
    )]
    pub max_pdf_objects_mb: u64,
    /// Most document units kept from one file (mbox messages, SGML documents, sheets).
    #[arg(
        long,
        default_value_t = 1_000_000,
        value_name = "N",
        help_heading = "Limits"
    )]
    pub max_units: usize,
}

/// What to do with bytes that are invalid in the chosen encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ErrorsArg {
    /// Substitute U+FFFD for each invalid sequence.
    Replace,
    /// Drop invalid bytes (silent deletion).
    Ignore,
    /// Stop at the first invalid sequence, report its offset, exit 1.
    Strict,
}

#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// File to decode (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The encoding: a WHATWG label (or one this tool decodes beside them: utf-32le, utf-32be,
    /// x-iso-8859-1-c1, cp437, cp737, cp775, cp850, cp852, cp855, cp856, cp857, cp860, cp861,
    /// cp862, cp863, cp864, cp865, cp1125, koi8-t, x-mac-ce, x-mac-croatian, x-mac-greek,
    /// x-mac-icelandic, x-mac-romanian, x-mac-turkish, viscii, tcvn, johab, euc-tw,
    /// shift_jis-2004, euc-jis-2004, and the EBCDIC pages cp037, cp273, cp277, cp278, cp280,
    /// cp284, cp285, cp297, cp500, cp871, cp1047, cp1140, cp1141, cp1142, cp1143, cp1144,
    /// cp1145, cp1146, cp1147, cp1148, cp1149), `decided` (what the
    /// evidence's precedence decides, as `inspect` reports it), or `likely` (what the bytes most
    /// probably are, `inspect`'s likely verdict).
    #[arg(long, value_name = "LABEL")]
    pub encoding: String,
    /// Error handling.
    #[arg(long, value_enum, default_value_t = ErrorsArg::Replace)]
    pub errors: ErrorsArg,
    #[command(flatten)]
    pub stdin: StdinArgs,
}

/// Which characters form a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TokenRuleArg {
    /// Runs of letters and digits (the seed's failure-table tokenizer).
    Alnum,
    /// Runs of letters only.
    Letters,
}

#[derive(Debug, Args)]
pub struct TokensArgs {
    /// File to tokenize (`-` or nothing for standard input).
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
    /// Decode as this encoding instead of the one the evidence decides.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Error handling when decoding.
    #[arg(long, value_enum, default_value_t = ErrorsArg::Replace)]
    pub errors: ErrorsArg,
    /// Token rule.
    #[arg(long = "tokens", value_enum, default_value_t = TokenRuleArg::Alnum)]
    pub rule: TokenRuleArg,
    #[command(flatten)]
    pub stdin: StdinArgs,
}

#[derive(Debug, Args)]
pub struct FixArgs {
    /// UTF-8 text to repair (`-` or nothing for standard input).
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
    /// Instead of the repaired text, show for each changed line every hypothesis with its cost
    /// and each round of the chosen repair.
    #[arg(long)]
    pub explain: bool,
    /// Decode the input with this encoding first (a WHATWG label or one this tool decodes
    /// beside them, as `decode --encoding` takes; `decided` or `likely`) instead of reading it
    /// as UTF-8.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    #[command(flatten)]
    pub stdin: StdinArgs,
}

//! The command-line front end: parses arguments, calls the library, formats what it returns.
//! Errors are reported here, with the path and offset, and mapped to exit codes
//! (0 success, 1 the input has the problem asked about, 2 usage or I/O error).

mod anomalies;
pub mod args;
mod audit;
mod decode;
mod demo;
mod explain;
mod extract;
mod fix;
pub mod inspect;
mod install;
mod langid;
mod normalize;
pub mod outfile;
pub mod output;
mod tokens;

use crate::decode::LabelResolution;
use crate::decode::charset::Charset;
use args::{Cli, Command};
use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

/// Why a command did not succeed.
#[derive(Debug)]
pub enum Failure {
    /// Bad arguments: message, exit 2.
    Usage(String),
    /// The input has the problem the user asked about (strict decoding): message, exit 1.
    Input(String),
    /// Errors were already reported on stderr for some inputs: exit 2.
    Reported,
    /// Writing the output failed (a closed pipe exits quietly with 0).
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            // Clap quotes the offending argument, which may be a hostile file name.
            let stderr = io::stderr();
            let mut w = output::Sanitize::new(stderr.lock());
            let _ = write!(w, "{}", e.render());
            let _ = w.flush();
            return ExitCode::from(2);
        }
        Err(e) => {
            // --help and --version: text of our own.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    if let Some(m) = explorer_option_before_command(&cli) {
        output::report(&m);
        return ExitCode::from(2);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let result = match (&cli.command, cli.files.is_empty()) {
        (Some(c), _) => run_colored(c, cli.color, &mut out),
        (None, false) => demo::open(&cli.files, &cli.view, cli.color, &mut out),
        (None, true) => {
            use clap::CommandFactory;
            let _ = args::Cli::command().print_help();
            return ExitCode::from(2);
        }
    }
    .and_then(|()| out.flush().map_err(Failure::Io));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) if output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            output::report(format!("cannot write output: {e}"));
            ExitCode::from(2)
        }
        Err(Failure::Usage(m)) => {
            output::report(&m);
            ExitCode::from(2)
        }
        Err(Failure::Input(m)) => {
            output::report(&m);
            ExitCode::from(1)
        }
        Err(Failure::Reported) => ExitCode::from(2),
    }
}

/// An option of the explorer written before a command (`delineate --max-input-mb 2 inspect -`)
/// would be accepted and ignored: the message that says where it goes.
fn explorer_option_before_command(cli: &Cli) -> Option<String> {
    use clap::CommandFactory;
    use clap::parser::ValueSource;
    cli.command.as_ref()?;
    let matches = args::Cli::command().try_get_matches().ok()?;
    let name = matches.subcommand_name().unwrap_or("COMMAND");
    ["max_input_mb", "headless", "keys", "svg"]
        .into_iter()
        .find(|id| matches.value_source(id) == Some(ValueSource::CommandLine))
        .map(|id| {
            let option = format!("--{}", id.replace('_', "-"));
            format!(
                "{option} before the command is an option of the explorer; write it after the command: delineate {name} {option} …"
            )
        })
}

/// Runs one command, writing to `out`, without colour. Reports go through
/// [`output::Sanitize`]; only the text `decode`, `fix` and `normalize` write by request reaches
/// `out` as it is.
pub fn run(command: &Command, out: &mut dyn Write) -> Result<(), Failure> {
    run_colored(command, output::ColorChoice::Never, out)
}

/// [`run`], with reports coloured by [`output::Colorize`] when `color` says so.
pub fn run_colored(
    command: &Command,
    color: output::ColorChoice,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let raw_text = match command {
        Command::Decode(_) => true,
        Command::Fix(a) => !a.explain,
        // Scripts for a shell and roff for man: our own text, written as it is.
        Command::Completions(_) | Command::Man(_) => true,
        // A file list for other programs: raw names (it makes them visible on a terminal).
        Command::Audit(a) => a.list_files,
        Command::Normalize(a) => !a.explain && a.query.is_none(),
        _ => false,
    };
    if raw_text {
        return dispatch(command, color, out);
    }
    // The explorer's frames (`--headless`) carry their own colours, if any.
    let paint = color.enabled() && !matches!(command, Command::Open(_) | Command::Demo(_));
    let mut safe = output::Sanitize::new(output::Colorize::new(out, paint));
    let r = dispatch(command, color, &mut safe);
    let flushed = safe.flush();
    r.and(flushed.map_err(Failure::Io))
}

fn dispatch(
    command: &Command,
    color: output::ColorChoice,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    match command {
        Command::Open(a) => demo::open(&a.files, &a.view, color, out),
        Command::Demo(a) => demo::demo(&a.view, color, out),
        Command::Inspect(a) => inspect::run(a, out),
        Command::Decode(a) => decode::run(a, out),
        Command::Tokens(a) => tokens::run(a, out),
        Command::Fix(a) => fix::run(a, out),
        Command::Explain(a) => explain::run(a, out),
        Command::Anomalies(a) => anomalies::run(a, out),
        Command::Normalize(a) => normalize::run(a, out),
        Command::Extract(a) => extract::run(a, out),
        Command::Langid(a) => langid::run(a, out),
        Command::Audit(a) => audit::run(a, out),
        Command::Merge(a) => audit::merge(a, out),
        Command::Completions(a) => install::completions(a, out),
        Command::Man(a) => install::man(a, out),
    }
}

/// Resolves `--encoding` labels, failing with a usage error that lists what labels look like.
pub fn resolve_labels(labels: &[String]) -> Result<Vec<LabelResolution>, Failure> {
    labels
        .iter()
        .map(|l| Charset::for_label(l).map_err(|e| Failure::Usage(e.to_string())))
        .collect()
}

/// Opens an input named on the command line (`-` for standard input, held in memory up to
/// `stdin_limit` bytes). The error is worded for the terminal: a limit names the option that
/// raises it.
pub fn open(path: &std::path::Path, stdin_limit: u64) -> Result<crate::source::Input, String> {
    crate::source::Input::open_arg(path, stdin_limit).map_err(|e| match e {
        crate::SourceError::StdinTooLarge { .. } => format!(
            "{e}{}",
            extract::hint(Some(crate::extract::LimitKind::InputSize))
        ),
        e => e.to_string(),
    })
}

/// Runs `f`, turning a panic into an error message naming the input, so one bad document never
/// stops the others.
pub fn guard<T>(name: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        format!("{name}: internal error while analysing this input (please report it): {what}")
    })
}

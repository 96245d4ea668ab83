//! `delineate completions SHELL` and `delineate man`: what a packager or a user installing with
//! `cargo install --path .` needs beside the binary, generated from the same clap definition as
//! `--help` (clap_complete, clap_mangen), so they cannot drift from the program.

use super::Failure;
use super::args::{Cli, CompletionsArgs, ManArgs};
use clap::CommandFactory;
use std::io::Write;

/// Writes the completion script for one shell.
pub fn completions(a: &CompletionsArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut cmd = Cli::command();
    clap_complete::generate(a.shell, &mut cmd, "delineate", out);
    Ok(())
}

/// Writes the main manual page to `out`, or every page (the main one and one per subcommand)
/// into `--out DIR`.
pub fn man(a: &ManArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let cmd = Cli::command();
    match &a.out {
        None => {
            clap_mangen::Man::new(cmd).render(out)?;
            Ok(())
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                Failure::Usage(format!(
                    "cannot create {}: {e}",
                    crate::visible::path_text(dir)
                ))
            })?;
            clap_mangen::generate_to(cmd, dir).map_err(|e| {
                Failure::Usage(format!(
                    "cannot write man pages into {}: {e}",
                    crate::visible::path_text(dir)
                ))
            })?;
            Ok(())
        }
    }
}

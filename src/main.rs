//! The `delineate` binary: all of it lives in the library's `cli` module.

fn main() -> std::process::ExitCode {
    delineate::cli::main()
}

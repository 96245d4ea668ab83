//! The `delineate` binary: all of it lives in the library's `cli` module.

/// mimalloc instead of the system allocator: the audit makes millions of small allocations
/// (terms, findings, examples), and glibc's malloc took 9 % of its instructions.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    delineate::cli::main()
}

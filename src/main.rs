//! The `delineate` binary: all of it lives in the library's `cli` module.

/// mimalloc instead of the system allocator: the audit makes millions of small allocations
/// (terms, findings, examples), and glibc's malloc took 9 % of its instructions.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc's `mi_option_e` (the Rust bindings name the options on
/// either side of it, 14 and 16, but not this one).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// mimalloc's defaults for that option, in milliseconds: 10 in version 2, 1000 in version 3
/// (`options.c`; the header's comment still says 10). Any other value was set by the user.
const DEFAULT_PURGE_DELAYS_MS: [std::ffi::c_long; 2] = [10, 1000];

/// Milliseconds before mimalloc returns freed memory to the OS. At the default, `inspect`
/// returned and re-faulted the same pages file after file (1,725 page faults on the UDHR
/// files instead of 429; 188 ms instead of 166 ms in one paired run, where glibc took 179 ms);
/// a second still gives memory back while the explorer sits idle. Never purging (-1) was
/// tried for `audit` of 30 MB files: 775 page faults instead of 9,076, but no less time in
/// interleaved runs.
const PURGE_DELAY_MS: std::ffi::c_long = 1000;

/// Takes this process out of transparent huge pages (prctl(2) `PR_SET_THP_DISABLE`), where the
/// system gives them to every process (`/sys/kernel/mm/transparent_hugepage/enabled` at
/// `always`, as on this project's machines). mimalloc gives freed memory back to the OS in pieces
/// smaller than a huge page, and each later touch of such a piece faulted in and zeroed a whole
/// 2 MiB page: 9–11 % of the samples of `inspect --json` over the speed corpus were the kernel
/// zeroing pages. Without them (7 interleaved rounds): CPU time 18.3 → 16.7 s, wall 9.59 → 8.70 s,
/// peak RSS 304 → 265 MB, output identical; the audit of Reuters no slower. Failure (an old
/// kernel) only leaves the system's setting in force.
#[cfg(target_os = "linux")]
fn no_huge_pages() {
    // SAFETY: prctl with PR_SET_THP_DISABLE takes four integer arguments and touches no memory
    // of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[cfg(not(target_os = "linux"))]
fn no_huge_pages() {}

fn main() -> std::process::ExitCode {
    no_huge_pages();
    // SAFETY: plain reads and writes of mimalloc's option table, before any other thread
    // exists. The option must hold a documented default first, so a renumbered enum in a
    // future mimalloc, or a MIMALLOC_PURGE_DELAY set by the user, is left alone.
    unsafe {
        if DEFAULT_PURGE_DELAYS_MS.contains(&libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY))
        {
            libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
        }
    }
    delineate::cli::main()
}

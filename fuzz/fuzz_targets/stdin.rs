//! Fuzz target `stdin`: see `delineate::fuzzing` for what it drives and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    delineate::fuzzing::quiet_isolated_panics();
    delineate::fuzzing::run("stdin", data);
});

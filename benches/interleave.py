#!/usr/bin/env python3
"""Compares builds on a shared, noisy machine: runs each binary once per round, in turn, so a
burst of load from the neighbours hits all of them alike (hyperfine runs one command's runs
back to back). Prints the median and minimum wall time per binary, and the median CPU time
(user + system, all threads): under a noisy neighbour CPU time moves less than wall time.

Usage: benches/interleave.py NAME=BINARY... [--rounds N] -- ARGS...
Example (inspect on the UDHR files, the session's first build against this one):
  benches/interleave.py old=/tmp/head/target/release/delineate new=target/release/delineate \\
      -- inspect --json ../shared/data/udhr/nltk-udhr-2008/*
"""
import resource
import statistics
import subprocess
import sys
import time


def main() -> None:
    argv = sys.argv[1:]
    if "--" not in argv:
        sys.exit(__doc__)
    cut = argv.index("--")
    opts, args = argv[:cut], argv[cut + 1:]
    rounds = 30
    if "--rounds" in opts:
        i = opts.index("--rounds")
        rounds = int(opts[i + 1])
        del opts[i:i + 2]
    bins = dict(o.split("=", 1) for o in opts)
    times = {name: [] for name in bins}
    cpu = {name: [] for name in bins}

    def used():
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    for _ in range(rounds):
        for name, binary in bins.items():
            start, before = time.perf_counter(), used()
            subprocess.run([binary, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
            cpu[name].append(used() - before)
    for name, t in times.items():
        print(f"{name}: median {statistics.median(t) * 1000:.0f} ms, min {min(t) * 1000:.0f} ms, "
              f"CPU median {statistics.median(cpu[name]) * 1000:.0f} ms ({rounds} rounds)")


if __name__ == "__main__":
    main()

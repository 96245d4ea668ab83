#!/usr/bin/env python3
"""Where `inspect --json` spends its time over the speed corpus, by kind of file: the files are
grouped by the encoding and form their names carry (`0007-IBM866.html`, `0216-mixed-…txt`, as
scripts/make_speed_corpus.py writes them), each group is inspected in one process per round, and
the median CPU time (user + system, both threads) is printed per group: per file, per MB, and as a share of the sum. A group far above
its neighbours per MB is where to look (session 31: the Thai and Japanese files, at 4–8 times a
windows-1252 file, were doing work that changed nothing). The sum is above a whole run's CPU
(15.4 s against 12.4 s in session 31): each group's process warms the model's caches anew.

Usage: benches/speed_by_kind.py [CORPUS_DIR] [--bin target/release/delineate] [--rounds 3]
                                [--top 25]
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys

NAME = re.compile(r"^\d+-(mixed-.*|[^.]+)\.(txt|html)$")


def kind(name):
    """The group of a speed-corpus file name: `mixed`, or `ENCODING.FORM`; None for others."""
    m = NAME.match(name)
    if not m:
        return None
    return "mixed" if m.group(1).startswith("mixed-") else "%s.%s" % (m.group(1), m.group(2))


def cpu_of(cmd):
    """CPU seconds (user + system, children) one run of `cmd` takes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", default="/tmp/speed")
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "target",
                                                  "release", "delineate"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--top", type=int, default=25)
    a = ap.parse_args()
    if not os.path.isdir(a.corpus):
        sys.exit("no %s: make it with scripts/make_speed_corpus.py" % a.corpus)
    groups = {}
    for name in sorted(os.listdir(a.corpus)):
        k = kind(name)
        if k:
            groups.setdefault(k, []).append(os.path.join(a.corpus, name))
    rows = []
    for k, files in groups.items():
        cpu = statistics.median(cpu_of([a.bin, "inspect", "--json", *files])
                                for _ in range(a.rounds))
        mb = sum(os.path.getsize(f) for f in files) / 1e6
        rows.append((k, len(files), mb, cpu))
    total = sum(r[3] for r in rows)
    print("%-22s %6s %8s %9s %9s %8s %7s" % ("kind", "files", "MB", "CPU s", "ms/file", "s/MB",
                                            "share"))
    for k, n, mb, cpu in sorted(rows, key=lambda r: -r[3])[:a.top]:
        print("%-22s %6d %8.2f %9.2f %9.1f %8.3f %6.1f%%" % (
            k, n, mb, cpu, 1000 * cpu / n, cpu / mb if mb else 0.0, 100 * cpu / total))
    print("all: %d groups, %d files, %.2f s of CPU (median of %d rounds each)" % (
        len(rows), sum(r[1] for r in rows), total, a.rounds))


if __name__ == "__main__":
    main()

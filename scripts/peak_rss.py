#!/usr/bin/env python3
"""Runs a command and reports, on stderr, its wall time and the peak resident memory of its
process tree, sampled every 50 ms from /proc: the largest single process (for Spark's driver,
the JVM) and the whole tree at once (Python driver + JVM + Python workers + delineate).
`/usr/bin/time -v` reports only the largest process that was waited for.

  scripts/peak_rss.py COMMAND [ARG...]
"""
import os
import subprocess
import sys
import time


def tree_rss(root):
    children, rss = {}, {}
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open('/proc/%s/stat' % pid) as f:
                fields = f.read().rsplit(')', 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(pid))
            rss[int(pid)] = int(fields[21]) * os.sysconf('SC_PAGE_SIZE')
        except (OSError, IndexError, ValueError):
            pass
    todo, seen = [root], []
    while todo:
        p = todo.pop()
        seen.append(p)
        todo += children.get(p, [])
    sizes = [rss.get(p, 0) for p in seen]
    return max(sizes), sum(sizes)


start = time.monotonic()
proc = subprocess.Popen(sys.argv[1:])
largest = total = 0
while proc.poll() is None:
    one, whole = tree_rss(proc.pid)
    largest, total = max(largest, one), max(total, whole)
    time.sleep(0.05)
sys.stderr.write('wall %.2f s; peak RSS: largest process %d MB, whole tree %d MB\n'
                 % (time.monotonic() - start, largest >> 20, total >> 20))
sys.exit(proc.returncode)

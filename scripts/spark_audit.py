#!/usr/bin/env python3
"""The corpus audit on Apache Spark (issue 23): `delineate audit` split into shards that run on
the executors, and their partial results merged as a tree. The report on standard output is
byte for byte the one `delineate audit` with the same options gives on one machine.

  spark_audit.py [--master URL] [--shards N] [--fanout K] [--binary PATH] [--files-from LIST]
                 [audit and report options] PATH...

  --master URL     local[2], local[2,4] (2 threads, a failed task tried up to 4 times: in local
                   mode Spark does not retry unless told), spark://…, yarn, k8s://… Default:
                   what spark-submit or the environment sets, else local[2,4].
  --shards N       partitions of the file list, each one `delineate audit --emit-partial`
                   (default 8).
  --fanout K       partials merged per `delineate merge --emit-partial` at each tree level
                   (default 4).
  --binary PATH    the delineate binary to ship to the executors (SparkContext.addFile; it must
                   run on their OS and architecture). Default: `delineate` on each executor's
                   PATH, else target/release/delineate beside this script.
  --files-from F   more input paths, one per line or NUL-separated (`-`: standard input).
  --timings        report on stderr each shard's files, audit time and partial size, each tree
                   level's time, and the total (what the README's figures come from).

Every other option is `delineate audit`'s: the report options (--json, --tsv, --markdown,
--format, --top, --worst, --documents, --max-terms, --fail-on) go to the merges, the others
(--root, --by-source, --unit, --tokens, the limits) to every shard. With several PATHs, --root
is required (sources are counted below one root).

Local paths must be readable at the same place on every executor (a shared file system, or
local mode); the driver lists the files with `delineate audit --list-files`, which also lists
the paths the walk could not use, so that a shard reports them as error rows, as a local audit
does. URIs (hdfs://…, s3a://…, file://…; whatever the cluster's Hadoop configuration can read)
are listed on the driver through Hadoop's FileSystem; each shard's files are read on its
executor (SparkContext.binaryFiles), written below a local directory in the same layout and
audited there with `--show-root URI`, so the report names every document by its URI.

What crosses the network: the file names (driver → executors), partial results (executors →
executors, one tree level at a time) and the last partial (→ driver). A partial is bounded by
--max-terms and --documents whatever the shard's size. A shard whose binary fails raises, and
Spark runs the task again (spark.task.maxFailures); the test hook DELINEATE_SPARK_FAIL_ONCE=K
makes shard K fail on its first attempt.

Exit status: the final `delineate merge`'s (0; 1 when a --fail-on threshold is crossed; 2 on
usage errors).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from urllib.parse import unquote

REPORT_FLAGS = {'--json', '--tsv', '--markdown'}
REPORT_VALUED = {'--format', '--top', '--worst', '--documents', '--max-terms', '--fail-on'}
# Report options a partial depends on (what it keeps): the shards and the merges need them too.
PARTIAL_VALUED = {'--top', '--documents', '--max-terms'}
AUDIT_VALUED = {'--root', '--by-source', '--unit', '--tokens', '--threads', '--timeout',
                '--max-input-mb', '--max-entry-mb', '--max-archive-mb', '--max-ratio',
                '--max-entries', '--max-nesting', '--max-markup-depth', '--max-pages',
                '--max-pdf-objects-mb', '--max-units'}


def split_options(rest):
    """Splits the pass-through arguments into (report options, partial options, audit options,
    paths); `--opt=value` and `--opt value` both work."""
    report, partial, audit, paths = [], [], [], []
    it = iter(rest)
    only_paths = False
    for arg in it:
        if only_paths or not arg.startswith('-') or arg == '-':
            paths.append(arg)
            continue
        if arg == '--':
            only_paths = True
            continue
        name, eq, value = arg.partition('=')
        if name in REPORT_FLAGS:
            report.append(arg)
            continue
        if name in REPORT_VALUED | AUDIT_VALUED:
            if not eq:
                value = next(it, None)
                if value is None:
                    sys.exit('spark_audit.py: %s needs a value' % name)
            pair = [name, value]
            if name in REPORT_VALUED:
                report += pair
            if name in PARTIAL_VALUED:
                partial += pair
            if name in AUDIT_VALUED:
                audit += pair
            continue
        sys.exit('spark_audit.py: %s is not an option of delineate audit' % arg)
    return report, partial, audit, paths


def read_list(path):
    data = sys.stdin.buffer.read() if path == '-' else open(path, 'rb').read()
    sep = b'\0' if b'\0' in data else b'\n'
    return [os.fsdecode(p.rstrip(b'\r') if sep == b'\n' else p) for p in data.split(sep) if p]


def local_binary(given):
    if given:
        return os.path.abspath(given)
    found = shutil.which('delineate')
    if found:
        return found
    beside = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'target', 'release', 'delineate')
    if os.path.exists(beside):
        return os.path.abspath(beside)
    sys.exit('spark_audit.py: no delineate binary: give --binary PATH or put delineate on PATH')


def executor_binary(shipped, fallback):
    """The binary on an executor: the shipped copy (made executable), else PATH, else the
    driver's path (local mode)."""
    if shipped:
        from pyspark import SparkFiles
        path = SparkFiles.get(shipped)
        if not os.access(path, os.X_OK):
            os.chmod(path, 0o755)
        return path
    return shutil.which('delineate') or fallback


def run(cmd, cwd):
    """Runs a command: (exit status, its standard output, its standard error as text)."""
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr.decode('utf-8', 'replace')


def audit_shard(index, files, ctx):
    """One shard: `delineate audit --emit-partial` over its files. The partial is written even
    when some files cannot be read (those are error rows in it, and the exit status is 2);
    anything else that keeps the partial from being written fails the task, and Spark retries."""
    from pyspark import TaskContext
    binary = executor_binary(ctx['shipped'], ctx['binary'])
    with tempfile.TemporaryDirectory(prefix='delineate-shard-') as tmp:
        listing = os.path.join(tmp, 'files')
        with open(listing, 'wb') as f:
            for p in files:
                f.write(os.fsencode(p) + b'\0')
        out = os.path.join(tmp, 'partial.json')
        cmd = [binary, 'audit', '--root', ctx['root'], '--files-from', listing,
               '--emit-partial', out] + ctx['partial'] + ctx['audit']
        attempt = TaskContext.get().attemptNumber() if TaskContext.get() else 0
        if ctx['fail_once'] == index and attempt == 0:
            cmd = ['sh', '-c', 'echo "injected failure (DELINEATE_SPARK_FAIL_ONCE)" >&2; exit 3']
        code, _, err = run(cmd, ctx['cwd'])
        if code not in (0, 2) or not os.path.exists(out):
            raise RuntimeError('shard %d (attempt %d): delineate audit exited %d: %s'
                               % (index, attempt, code, err.strip()[-2000:]))
        with open(out, 'rb') as f:
            return f.read(), len(files)


def timed(shard, index, items, ctx):
    """A shard function's (partial, seconds, files): the figures of --timings."""
    import time
    t = time.monotonic()
    partial, count = shard(index, items, ctx)
    return partial, time.monotonic() - t, count


def stage_and_audit(index, pairs, ctx):
    """A shard of a corpus that lives behind URIs (HDFS, S3…): Spark reads the files
    (`binaryFiles`), they are written below a local directory in the same layout, and the audit
    runs there with `--show-root`, so the partial names every document by its URI."""
    from pyspark import TaskContext
    binary = executor_binary(ctx['shipped'], ctx['binary'])
    with tempfile.TemporaryDirectory(prefix='delineate-stage-') as tmp:
        root = os.path.join(tmp, 'corpus')
        os.makedirs(root)
        names = []
        for uri, data in pairs:
            rel = uri[len(ctx['qualified_root']):].lstrip('/') if uri.startswith(ctx['qualified_root']) else None
            if not rel or '..' in rel.split('/'):
                raise RuntimeError('shard %d: %s is not below %s' % (index, uri, ctx['qualified_root']))
            local = os.path.join(root, *[unquote(part) for part in rel.split('/')])
            os.makedirs(os.path.dirname(local), exist_ok=True)
            with open(local, 'wb') as f:
                f.write(data)
            names.append(local)
        listing = os.path.join(tmp, 'files')
        with open(listing, 'wb') as f:
            for p in names:
                f.write(os.fsencode(p) + b'\0')
        out = os.path.join(tmp, 'partial.json')
        cmd = [binary, 'audit', '--root', root, '--show-root', ctx['root'], '--files-from', listing,
               '--emit-partial', out] + ctx['partial'] + ctx['audit']
        attempt = TaskContext.get().attemptNumber() if TaskContext.get() else 0
        if ctx['fail_once'] == index and attempt == 0:
            cmd = ['sh', '-c', 'echo "injected failure (DELINEATE_SPARK_FAIL_ONCE)" >&2; exit 3']
        code, _, err = run(cmd, None)
        if code not in (0, 2) or not os.path.exists(out):
            raise RuntimeError('shard %d (attempt %d): delineate audit exited %d: %s'
                               % (index, attempt, code, err.strip()[-2000:]))
        with open(out, 'rb') as f:
            return f.read(), len(names)


def list_uris(sc, uris):
    """Every file below each URI, through Hadoop's FileSystem (what binaryFiles reads)."""
    jvm, conf = sc._jvm, sc._jsc.hadoopConfiguration()
    files = []
    for uri in uris:
        path = jvm.org.apache.hadoop.fs.Path(uri)
        fs = path.getFileSystem(conf)
        it = fs.listFiles(path, True)
        while it.hasNext():
            files.append(it.next().getPath().toString())
    return sorted(files)


def qualified(sc, uri):
    jvm, conf = sc._jvm, sc._jsc.hadoopConfiguration()
    path = jvm.org.apache.hadoop.fs.Path(uri)
    fs = path.getFileSystem(conf)
    return path.makeQualified(fs.getUri(), fs.getWorkingDirectory()).toString().rstrip('/')


def merge_group(group, partials, ctx):
    """One node of the merge tree: `delineate merge --emit-partial` over a few partials."""
    partials = list(partials)
    if len(partials) == 1:
        return partials[0]
    binary = executor_binary(ctx['shipped'], ctx['binary'])
    with tempfile.TemporaryDirectory(prefix='delineate-merge-') as tmp:
        names = []
        for i, p in enumerate(partials):
            names.append(os.path.join(tmp, 'in%d.json' % i))
            with open(names[-1], 'wb') as f:
                f.write(p)
        out = os.path.join(tmp, 'merged.json')
        code, _, err = run([binary, 'merge', '--emit-partial', out] + ctx['partial'] + names, None)
        if code != 0 or not os.path.exists(out):
            raise RuntimeError('merge of group %d exited %d: %s' % (group, code, err.strip()[-2000:]))
        with open(out, 'rb') as f:
            return f.read()


def spark_context(known):
    from pyspark import SparkConf, SparkContext
    conf = SparkConf().setAppName(known.app_name).set('spark.ui.showConsoleProgress', 'false')
    if known.master:
        conf.setMaster(known.master)
    elif not conf.contains('spark.master'):
        conf.setMaster('local[2,4]')
    sc = SparkContext(conf=conf)
    sc.setLogLevel('ERROR')
    return sc


def merge_tree(level, width, fanout, ctx):
    """Merges (index, partial) pairs K at a time, level by level, on the executors."""
    while width > 1:
        width = (width + fanout - 1) // fanout
        level = level.map(lambda kv: (kv[0] // fanout, kv[1])) \
                     .groupByKey(numPartitions=width) \
                     .map(lambda kv: (kv[0], merge_group(kv[0], kv[1], ctx)))
    return level


def collect_last(level):
    try:
        [(_, last)] = level.collect()
        return last
    except Exception as e:  # Py4JJavaError: the task failed more often than Spark retries
        cause = str(e)
        why = next((l.strip() for l in cause.splitlines() if 'RuntimeError:' in l), cause.splitlines()[0])
        sys.stderr.write('spark_audit.py: the Spark job failed: %s\n' % why)
        sys.exit(2)


def write_report(binary, report, last):
    with tempfile.TemporaryDirectory(prefix='delineate-report-') as tmp:
        final = os.path.join(tmp, 'corpus.partial.json')
        with open(final, 'wb') as f:
            f.write(last)
        code, out, err = run([binary, 'merge'] + report + [final], None)
    sys.stdout.buffer.write(out)
    sys.stdout.flush()
    sys.stderr.write(err)
    sys.exit(code)


def main():
    ap = argparse.ArgumentParser(add_help=True, usage=__doc__.split('\n\n')[1])
    ap.add_argument('--master')
    ap.add_argument('--shards', type=int, default=8)
    ap.add_argument('--fanout', type=int, default=4)
    ap.add_argument('--binary')
    ap.add_argument('--files-from', dest='files_from')
    ap.add_argument('--app-name', default='delineate audit')
    ap.add_argument('--timings', action='store_true')
    known, rest = ap.parse_known_args()
    report, partial, audit, paths = split_options(rest)
    if known.files_from:
        paths += read_list(known.files_from)
    if not paths:
        sys.exit('spark_audit.py: no PATH to audit')
    if known.shards < 1 or known.fanout < 2:
        sys.exit('spark_audit.py: --shards must be >= 1 and --fanout >= 2')
    root = None
    if '--root' in audit:
        i = audit.index('--root')
        root = audit[i + 1]
        del audit[i:i + 2]
    elif len(paths) == 1:
        root = paths[0]
    else:
        sys.exit('spark_audit.py: several PATHs: give --root (the directory sources are counted below)')
    binary = local_binary(known.binary)
    cwd = os.getcwd()
    uris = ['://' in p for p in paths]
    if any(uris) and not all(uris):
        sys.exit('spark_audit.py: give either local paths or URIs, not both')
    behind_uris = all(uris)
    if not behind_uris:
        # The file list, as the local audit would walk it (and the paths it could not use).
        p = subprocess.run([binary, 'audit', '--list-files', '--'] + paths,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode not in (0, 2):
            sys.stderr.write(p.stderr.decode('utf-8', 'replace'))
            sys.exit(p.returncode)
        files = [os.fsdecode(x) for x in p.stdout.split(b'\0') if x]
    sc = spark_context(known)
    try:
        shipped = None
        if known.binary:
            sc.addFile(binary)
            shipped = os.path.basename(binary)
        if behind_uris:
            # Hadoop lists the corpus on the driver; executors read their shard's files.
            files = list_uris(sc, paths)
        if not files:
            sys.exit('spark_audit.py: no files under %s' % ', '.join(paths))
        fail_once = os.environ.get('DELINEATE_SPARK_FAIL_ONCE')
        ctx = {'binary': binary, 'shipped': shipped, 'root': root.rstrip('/') if behind_uris else root,
               'qualified_root': qualified(sc, root) if behind_uris else None,
               'partial': partial, 'audit': audit, 'cwd': cwd if os.path.isdir(cwd) else None,
               'fail_once': int(fail_once) if fail_once not in (None, '') else None}
        n = min(known.shards, len(files))
        # Contiguous slices: neighbouring files (one source) stay together.
        shards = [files[len(files) * i // n: len(files) * (i + 1) // n] for i in range(n)]
        import time
        started = time.monotonic()
        if behind_uris:
            # One binaryFiles RDD per shard, so that a partition is exactly its shard.
            level = sc.union([sc.binaryFiles(','.join(s), minPartitions=1).coalesce(1) for s in shards]) \
                      .mapPartitionsWithIndex(lambda i, pairs: [(i, timed(stage_and_audit, i, pairs, ctx))])
        else:
            # One shard per partition; mapPartitionsWithIndex hands each task its shard.
            level = sc.parallelize(shards, n) \
                      .mapPartitionsWithIndex(lambda i, it: [(i, timed(audit_shard, i, [f for s in it for f in s], ctx))])
        if known.timings:
            # Kept on disk, not in the JVM's heap: sixteen partials of a 2 GB corpus are 1.4 GB.
            from pyspark import StorageLevel
            level = level.persist(StorageLevel.DISK_ONLY)
            # Only the figures come back here, never the partials.
            for i, secs, count, size in sorted(level.map(lambda kv: (kv[0], kv[1][1], kv[1][2], len(kv[1][0]))).collect()):
                sys.stderr.write('shard %d: %d files, audit %.2f s, partial %d KB\n' % (i, count, secs, size // 1024))
            sys.stderr.write('shards done after %.2f s\n' % (time.monotonic() - started))
        level = level.map(lambda kv: (kv[0], kv[1][0]))
        last = collect_last(merge_tree(level, n, known.fanout, ctx))
        if known.timings:
            sys.stderr.write('merge tree done after %.2f s (fan-out %d, last partial %d KB)\n'
                             % (time.monotonic() - started, known.fanout, len(last) // 1024))
    finally:
        sc.stop()
    write_report(binary, report, last)


if __name__ == '__main__':
    main()

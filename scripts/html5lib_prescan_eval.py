#!/usr/bin/env python3
"""The HTML decision on html5lib's encoding tests (README, "The HTML decision on html5lib's
encoding tests"): the `#data` / `#encoding` cases of tests1.dat, tests2.dat and
test-yahoo-jp.dat that ship in html5lib 1.1's PyPI source archive, each the bytes of a page and
the encoding a conforming HTML parser ends up with. They are fetched into a scratch folder,
written there one file per case and read in place: never copied into this repository, and used
to find classes of failure, not to fit anything.

Score: `encoding.name` of `inspect --json` equals the case's encoding (case-insensitive). A case
that expects windows-1252, the default of most locales, also passes when the bytes are pure ASCII
and the decision is UTF-8 by validity with no declaration found: every ASCII-compatible encoding
reads them alike, and the report says a browser would use its locale default. Cases whose
declaration only a script writes (`document.write`) are counted apart: this tool runs no
scripts.

Usage: scripts/html5lib_prescan_eval.py [--bin DELINEATE] [--cache DIR] [-v]
(needs network for the first fetch: PyPI, curl)"""
import os

from scratch_suites import archive, arguments, inspect

SDIST = ("https://files.pythonhosted.org/packages/ac/b6/"
         "b55c3f49042f1df3dcd422b7f224f939892ee94f22abcf503a9b7339eaf2/html5lib-1.1.tar.gz")
FILES = ("tests1.dat", "tests2.dat", "test-yahoo-jp.dat")


def fetch(cache):
    root = archive(cache, SDIST, "html5lib-1.1")
    return os.path.join(root, "html5lib", "tests", "testdata", "encoding")


def cases(folder):
    """(file, index, bytes, expected encoding) of every case; html5lib's harness drops the
    newline that ends each `#data` section."""
    out = []
    for name in FILES:
        raw = open(os.path.join(folder, name), "rb").read()
        for i, block in enumerate(raw.split(b"#data\n")[1:]):
            data, _, enc = block.partition(b"\n#encoding\n")
            out.append((name, i, data.removesuffix(b"\n"), enc.split(b"\n")[0].decode().strip()))
    return out


def main():
    a = arguments(__doc__)
    rows = cases(fetch(a.cache))
    work = os.path.join(a.cache, "html5lib-cases")
    os.makedirs(work, exist_ok=True)
    paths = []
    for name, i, data, _ in rows:
        p = os.path.join(work, f"{name.split('.')[0]}-{i:03}.html")
        with open(p, "wb") as f:
            f.write(data)
        paths.append(p)
    js = inspect(a.bin, paths)
    right = scripted = 0
    late = 0
    for (name, i, data, want), p, j in zip(rows, paths, js):
        got = j["encoding"]["name"]
        metas = [e for e in j["evidence"] if e["kind"] == "html-meta" and e["encoding"]]
        late += any(e.get("late") for e in metas)
        ascii_default = (want.lower() == "windows-1252" and max(data, default=0) < 0x80
                         and not metas and j["encoding"]["decided_by"] == "validity")
        if got.lower() == want.lower() or ascii_default:
            right += 1
        elif b"document.write" in data:
            scripted += 1
            if a.v:
                print(f"   script writes the declaration: {name} #{i} wants {want}, got {got}")
        elif a.v:
            print(f"   wrong: {name} #{i} wants {want}, got {got} ({j['encoding']['decided_by']}): {data[:100]!r}")
    n = len(rows) - scripted
    print(f"== html5lib 1.1 encoding tests: {len(rows)} cases, {scripted} whose declaration a script writes")
    print(f"   decision right {right} of {n} ({100 * right / max(n, 1):.1f} %); "
          f"decided by a <meta> the parser meets past the prescan: {late}")


if __name__ == "__main__":
    main()

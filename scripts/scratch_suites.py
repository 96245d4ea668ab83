"""What the peer-suite scripts share (peer_suites_eval.py, html5lib_prescan_eval.py,
feedparser_encoding_eval.py): fetching a public archive once into a scratch folder (never into
this repository), the command line, and `inspect --json` over many files."""
import argparse, json, os, subprocess, tarfile


def archive(cache, url, folder, tar_name=None):
    """`cache/folder`, extracted from the archive at `url` (kept as `cache/tar_name`) on first
    use."""
    os.makedirs(cache, exist_ok=True)
    root = os.path.join(cache, folder)
    if not os.path.isdir(root):
        tar = os.path.join(cache, tar_name or url.rsplit("/", 1)[-1])
        if not os.path.exists(tar):
            subprocess.run(["curl", "-sSL", "-o", tar, url], check=True)
        with tarfile.open(tar) as t:
            t.extractall(cache)
    return root


def arguments(doc):
    """--bin (the release binary), --cache (the scratch folder) and -v."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "delineate"))
    ap.add_argument("--cache", default="/tmp/delineate-peer-suites")
    ap.add_argument("-v", action="store_true")
    return ap.parse_args()


def inspect(binary, paths):
    """The `inspect --json` report of each path, in order."""
    out = subprocess.run([binary, "inspect", "--json", *paths], capture_output=True, text=True).stdout
    js = [json.loads(l) for l in out.splitlines()]
    assert len(js) == len(paths), (len(js), len(paths))
    return js

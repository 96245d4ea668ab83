#!/usr/bin/env python3
"""Fits the weights of the likely-encoding score (src/encoding/likely.rs, WEIGHTS) on reading
features dumped by `cargo run --release --example likely_features -- DEVSET > features.tsv`.

The model is a conditional logit: for each file, the probability of a reading is the softmax of
its weighted features over the file's readings; the fit maximises the probability of the
reading that is the true text (L2-regularised, Newton steps). Prints the weights, the accuracy
of the best reading and the log-loss on the fitting set and, given a second file, on that one
(fit on one dev set, judge on another made with another seed).

  scripts/fit_likely.py FIT.tsv [HELD_OUT.tsv]
"""
import collections
import sys

import numpy as np

COLS = ["errors", "controls", "odd", "alien", "mixed", "multibyte", "utf8", "known", "unknown", "unlisted", "known_own",
        "unknown_own", "ngram", "ngram_sum", "foreign", "foreign_own", "prior", "base", "base_unexplained", "ngram_own",
        "declared", "chardet"]


def load(path):
    files = collections.OrderedDict()
    with open(path, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        idx = [head.index(c) for c in COLS]
        ci = head.index("correct")
        for line in f:
            p = line.rstrip("\n").split("\t")
            files.setdefault(p[0], ([], []))
            files[p[0]][0].append([float(p[i]) for i in idx])
            files[p[0]][1].append(int(p[ci]))
    out = []
    for name, (x, y) in files.items():
        x = np.array(x)
        y = np.array(y)
        if y.sum() == 0:
            continue  # the truth was ruled out: nothing to learn from the choice
        out.append((name, x, y))
    return out


def loss_grad_hess(w, data, lam):
    d = len(w)
    loss = lam * w @ w
    g = 2 * lam * w
    h = 2 * lam * np.eye(d)
    for _, x, y in data:
        s = x @ w
        s -= s.max()
        e = np.exp(s)
        p = e / e.sum()
        pc = (p * y).sum()
        loss -= np.log(max(pc, 1e-300))
        q = p * y / max(pc, 1e-300)  # posterior over the correct readings
        mu_p = p @ x
        mu_q = q @ x
        g -= mu_q - mu_p
        # Hessian of -log sum_correct softmax: Cov_p(x) - Cov_q(x)
        cp = (x * p[:, None]).T @ x - np.outer(mu_p, mu_p)
        cq = (x * q[:, None]).T @ x - np.outer(mu_q, mu_q)
        h += cp - cq
    return loss, g, h


def fit(data, lam=0.01, iters=60):
    w = np.zeros(len(COLS))
    for _ in range(iters):
        loss, g, h = loss_grad_hess(w, data, lam)
        try:
            step = np.linalg.solve(h + 1e-6 * np.eye(len(w)), g)
        except np.linalg.LinAlgError:
            step = g * 0.01
        # Damped: halve until the loss goes down.
        t = 1.0
        while t > 1e-4:
            nl = loss_grad_hess(w - t * step, data, lam)[0]
            if nl < loss:
                break
            t /= 2
        w = w - t * step
        if np.abs(t * step).max() < 1e-6:
            break
    return w


def judge(w, data, label):
    right = 0
    ll = 0.0
    for _, x, y in data:
        s = x @ w
        s -= s.max()
        p = np.exp(s) / np.exp(s).sum()
        right += y[np.argmax(p)] == 1
        ll -= np.log(max((p * y).sum(), 1e-300))
    print("%s: %d files, best reading right %.2f %%, log-loss %.4f" % (label, len(data), 100 * right / len(data), ll / len(data)))


def main():
    global COLS
    drop = [a[7:].split(",") for a in sys.argv if a.startswith("--drop=")]
    if drop:
        COLS = [c for c in COLS if c not in drop[0]]
        sys.argv = [a for a in sys.argv if not a.startswith("--drop=")]
    data = load(sys.argv[1])
    w = fit(data)
    print("weights:")
    for c, v in zip(COLS, w):
        print("    %-10s %8.3f" % (c, v))
    judge(w, data, "fit set")
    if len(sys.argv) > 2:
        judge(w, load(sys.argv[2]), "held out")
        confusions(w, sys.argv[2])


def confusions(w, path, show=20):
    """Which true readings lose, to which, under weights `w`."""
    rows = collections.OrderedDict()
    with open(path, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        idx = [head.index(c) for c in COLS]
        for line in f:
            p = line.rstrip("\n").split("\t")
            rows.setdefault(p[0], []).append((p[1], int(p[2]), np.array([float(p[i]) for i in idx])))
    c = collections.Counter()
    for name, rs in rows.items():
        if not any(r[1] for r in rs):
            continue
        best = max(rs, key=lambda r: r[2] @ w)
        if not best[1]:
            true = [r for r in rs if r[1]][0]
            c[(true[0].split(",")[0], best[0].split(",")[0], name.split("-")[3] if name.count("-") > 3 else "")] += 1
    for k, n in c.most_common(show):
        print("   %s -> %s (%s): %d" % (k[0], k[1], k[2], n))


if __name__ == "__main__":
    main()

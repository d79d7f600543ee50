#!/usr/bin/env python3
"""Probability outputs of kernelkit (train --probability, predict --probability) against C LIBSVM
(svm-train -b 1, svm-predict -b 1) on the same training and test points, C and gamma: test log-loss,
Brier score, accuracy and end-to-end wall time of each (train + predict, one process each).

usage: probability_vs_libsvm.py TRAIN TEST C GAMMA [--subsample N | --holdout P] [--seed S] [--work DIR]
  kernelkit is run as bin/kernelkit from the repository root (build it first); svm-train and
  svm-predict come from Debian's libsvm-tools. --subsample draws N training lines without replacement
  with Python's random.Random(S) (a9a: 8000 of 32,561); --holdout P instead holds out a random fraction P
  of TRAIN's lines as the test file (TEST is then ignored; Heart: 0.3).
"""
import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def labels(path):
    out = []
    with open(path) as f:
        for line in f:
            if line.strip():
                out.append(float(line.split()[0]))
    return out


def scores(truth, classes, probs):
    """log-loss, Brier (two classes: squared error of p(positive)), accuracy; classes as numbers."""
    eps = 1e-15
    ll = 0.0
    brier = 0.0
    hits = 0
    pos = max(classes)
    for y, p in zip(truth, probs):
        k = classes.index(y)
        ll -= math.log(min(max(p[k], eps), 1.0))
        brier += (p[classes.index(pos)] - (1.0 if y == pos else 0.0)) ** 2
        hits += 1 if classes[max(range(len(p)), key=lambda i: p[i])] == y else 0
    n = len(truth)
    return ll / n, brier / n, hits / n


def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("train")
    ap.add_argument("test")
    ap.add_argument("c")
    ap.add_argument("gamma")
    ap.add_argument("--subsample", type=int)
    ap.add_argument("--holdout", type=float)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="prob-")
    train = a.train
    if a.subsample:
        with open(a.train) as f:
            lines = [l for l in f if l.strip()]
        pick = random.Random(a.seed).sample(range(len(lines)), a.subsample)
        train = os.path.join(work, "train.libsvm")
        with open(train, "w") as f:
            f.writelines(lines[i] for i in sorted(pick))
    test = a.test
    if a.holdout:
        with open(a.train) as f:
            lines = [l for l in f if l.strip()]
        held = set(random.Random(a.seed).sample(range(len(lines)), round(a.holdout * len(lines))))
        train = os.path.join(work, "train.libsvm")
        test = os.path.join(work, "test.libsvm")
        with open(train, "w") as f:
            f.writelines(l for i, l in enumerate(lines) if i not in held)
        with open(test, "w") as f:
            f.writelines(l for i, l in enumerate(lines) if i in held)
    a.test = test
    truth = labels(a.test)

    # C LIBSVM
    lib_model = os.path.join(work, "libsvm.model")
    lib_out = os.path.join(work, "libsvm.out")
    t_lib = timed(["svm-train", "-b", "1", "-c", a.c, "-g", a.gamma, "-q", train, lib_model])
    t_lib += timed(["svm-predict", "-b", "1", a.test, lib_model, lib_out])
    with open(lib_out) as f:
        head = f.readline().split()
        lib_classes = [float(x) for x in head[1:]]
        lib_probs = [[float(x) for x in l.split()[1:]] for l in f if l.strip()]

    # kernelkit
    kk = os.path.join(ROOT, "bin", "kernelkit")
    kk_model = os.path.join(work, "kernelkit.model")
    kk_out = os.path.join(work, "kernelkit.csv")
    t_kk = timed([kk, "train", "--learner", "svm", "--param", "c=" + a.c, "--param", "gamma=" + a.gamma,
                  "--probability", "--data", train, "--model", kk_model])
    t_kk += timed([kk, "predict", "--model", kk_model, "--data", a.test, "--probability", "--output", kk_out])
    with open(kk_out) as f:
        head = f.readline().strip().split(",")
        kk_classes = [float(x[2:]) for x in head[1:]]
        kk_probs = [[float(x) for x in l.strip().split(",")[1:]] for l in f if l.strip()]

    for name, classes, probs, secs in (("C LIBSVM -b 1", lib_classes, lib_probs, t_lib),
                                       ("kernelkit --probability", kk_classes, kk_probs, t_kk)):
        ll, brier, acc = scores(truth, classes, probs)
        print(f"{name:24s} log-loss {ll:.5f}  Brier {brier:.5f}  accuracy {100 * acc:.2f} %  "
              f"train+predict {secs:.2f} s")
    l1 = scores(truth, lib_classes, lib_probs)
    l2 = scores(truth, kk_classes, kk_probs)
    print(f"ratio kernelkit / LIBSVM: log-loss {l2[0] / l1[0]:.4f}  Brier {l2[1] / l1[1]:.4f}  "
          f"time {t_kk / t_lib:.3f}")


if __name__ == "__main__":
    sys.exit(main())

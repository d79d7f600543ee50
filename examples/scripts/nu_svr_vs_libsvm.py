#!/usr/bin/env python3
"""Training time, dual objective and support-vector count of kernelkit's nu-SVC (learner nu-svm) and
epsilon-SVR (learner svr) against C LIBSVM's svm-train -s 1 and -s 3 (Debian libsvm-tools) on the same
points and parameters.

usage: nu_svr_vs_libsvm.py [--a9a FILE] [--a9a-subsample N] [--nu NU] [--a9a-gamma G] [--friedman-n N] [--c C] [--epsilon P]
                           [--friedman-gamma G] [--seed S] [--eps E] [--repeats R] [--work DIR]
                           [--only nu|svr]

  nu-SVC: a9a (default $KERNELKIT_DATA/a9a/a9a.libsvm, all 32,561 training points, or N of its lines drawn
  without replacement with Python's random.Random(S); its positive class is 24 %, so nu must stay below 0.48),
  nu 0.3, gamma 0.0081 (about LIBSVM's default 1 / 123 features).
  epsilon-SVR: Friedman's first regression problem (Friedman, Annals of Statistics 19, 1991; scikit-learn's
  make_friedman1): x uniform on [0, 1]^10, y = 10 sin(pi x1 x2) + 20 (x3 - 0.5)^2 + 10 x4 + 5 x5 + N(0, 1),
  N points (default 20,000) drawn with Python's random.Random(S) and written as a LIBSVM file; C 10,
  epsilon 0.1, gamma 0.1. Chosen because it needs no download, is reproducible to the bit from the seed, has
  a known noise level and is the usual SVR benchmark generator; LIBSVM's own regression sets are not on this
  machine.

  Both run with the stopping tolerance E (default LIBSVM's -e 0.001; nu-SVC's printed objective is scaled by
  1 / r^2, so at 0.001 the two may differ by a few per cent where r is small: -e 1e-5 shows them equal) and
  LIBSVM's defaults otherwise (shrinking on), cache 200 MB each (-m 200, kernelkit's
  default). kernelkit is run as bin/kernelkit from the repository root (build it first). Times: wall time and
  CPU time (user + sys, all threads) of the whole process (JVM start, reading, training, writing) and
  kernelkit's own training time from its model file (report.seconds, wall); each run R times (default 1), the smallest time reported. The objective is LIBSVM's
  printed "obj" (after its 1 / r^2 scaling for nu-SVC) and kernelkit's report.objective (the same scaling).
"""
import argparse
import math
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time

EPS = [1e-3]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def friedman1(path, n, seed):
    rnd = random.Random(seed)
    with open(path, "w") as f:
        for _ in range(n):
            x = [rnd.random() for _ in range(10)]
            y = (10 * math.sin(math.pi * x[0] * x[1]) + 20 * (x[2] - 0.5) ** 2 + 10 * x[3] + 5 * x[4]
                 + rnd.gauss(0, 1))
            f.write(repr(y) + " " + " ".join("%d:%r" % (i + 1, v) for i, v in enumerate(x)) + "\n")


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd):
    """wall seconds, CPU seconds (user + sys of the process and its threads), stdout"""
    c = cpu_children()
    t = time.perf_counter()
    p = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return time.perf_counter() - t, cpu_children() - c, p.stdout


def subsample(src, dst, n, seed):
    with open(src) as f:
        lines = [line for line in f if line.strip()]
    picked = random.Random(seed).sample(range(len(lines)), n)
    with open(dst, "w") as f:
        for i in sorted(picked):
            f.write(lines[i])


def libsvm(svm_type, args, data, work, repeats):
    model = os.path.join(work, "libsvm-s%d.model" % svm_type)
    best = None
    cpu = None
    for _ in range(repeats):
        secs, c, out = timed(["svm-train", "-s", str(svm_type), "-m", "200", "-e", repr(EPS[0])] + args + [data, model])
        best = secs if best is None else min(best, secs)
        cpu = c if cpu is None else min(cpu, c)
    obj = float(re.findall(r"obj = (\S+),", out)[-1])
    rho = float(re.findall(r"rho = (\S+)", out)[-1])
    nsv = int(re.findall(r"nSV = (\d+)", out)[-1])
    return {"wall": best, "cpu": cpu, "train": None, "objective": obj, "sv": nsv, "rho": rho}


def model_keys(path):
    keys = {}
    with open(path) as f:
        for line in f:
            if " = " in line and not line.startswith("#"):
                k, v = line.rstrip("\n").split(" = ", 1)
                keys[k] = v
    return keys


def kernelkit(learner, params, data, work, repeats):
    model = os.path.join(work, learner + ".model")
    best = None
    cpu = None
    train = None
    for _ in range(repeats):
        if os.path.exists(model):
            os.remove(model)
        cmd = [os.path.join(ROOT, "bin", "kernelkit"), "train", "--learner", learner, "--data", data, "--model", model]
        for p in params + ["eps=%r" % EPS[0]]:
            cmd += ["--param", p]
        secs, c, _ = timed(cmd)
        keys = model_keys(model)
        best = secs if best is None else min(best, secs)
        cpu = c if cpu is None else min(cpu, c)
        t = float(keys["report.seconds"])
        train = t if train is None else min(train, t)
    sv_key = "machine.0.sv.count" if learner == "nu-svm" else "svr.sv.count"
    bias_key = "machine.0.bias" if learner == "nu-svm" else "svr.bias"
    return {"wall": best, "cpu": cpu, "train": train, "objective": float(keys["report.objective"].split()[-1]),
            "sv": int(keys[sv_key]), "rho": -float(keys[bias_key])}


def row(name, r):
    train = "%9.2f" % r["train"] if r["train"] is not None else "%9s" % "-"
    print("  %-28s %9.2f %9.2f %s %22.10g %8d %14.8g" % (name, r["wall"], r["cpu"], train, r["objective"], r["sv"],
                                                          r["rho"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    data_dir = os.environ.get("KERNELKIT_DATA", "/work/shared/data")
    ap.add_argument("--a9a", default=os.path.join(data_dir, "a9a", "a9a.libsvm"))
    ap.add_argument("--a9a-subsample", type=int, default=0)
    ap.add_argument("--nu", type=float, default=0.3)
    ap.add_argument("--a9a-gamma", type=float, default=0.0081)
    ap.add_argument("--friedman-n", type=int, default=20000)
    ap.add_argument("--c", type=float, default=10.0)
    ap.add_argument("--epsilon", type=float, default=0.1)
    ap.add_argument("--friedman-gamma", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--eps", type=float, default=1e-3)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--work", default=None)
    ap.add_argument("--only", choices=["nu", "svr"], default=None)
    a = ap.parse_args()
    EPS[0] = a.eps
    work = a.work or tempfile.mkdtemp(prefix="nu_svr_vs_libsvm_")
    os.makedirs(work, exist_ok=True)
    print("load before: %s; stopping tolerance eps %g (svm-train -e, kernelkit --param eps=)"
          % (" ".join("%.2f" % v for v in os.getloadavg()), a.eps))
    header = "  %-28s %9s %9s %9s %22s %8s %14s" % ("", "wall s", "cpu s", "train s", "dual objective", "SVs", "rho")
    if a.only in (None, "nu"):
        train = a.a9a
        what = a.a9a
        if a.a9a_subsample > 0:
            train = os.path.join(work, "a9a-sub%d-seed%d.libsvm" % (a.a9a_subsample, a.seed))
            subsample(a.a9a, train, a.a9a_subsample, a.seed)
            what = "%s (%d lines drawn with random.Random(%d))" % (a.a9a, a.a9a_subsample, a.seed)
        print("nu-SVC on %s: nu %g, gamma %g" % (what, a.nu, a.a9a_gamma))
        print(header)
        row("C LIBSVM svm-train -s 1", libsvm(1, ["-n", repr(a.nu), "-g", repr(a.a9a_gamma)], train, work, a.repeats))
        row("kernelkit nu-svm", kernelkit("nu-svm", ["nu=%r" % a.nu, "gamma=%r" % a.a9a_gamma], train, work,
                                          a.repeats))
    if a.only in (None, "svr"):
        data = os.path.join(work, "friedman1-n%d-seed%d.libsvm" % (a.friedman_n, a.seed))
        friedman1(data, a.friedman_n, a.seed)
        print("epsilon-SVR on Friedman #1 (n %d, seed %d, %s): C %g, epsilon %g, gamma %g"
              % (a.friedman_n, a.seed, data, a.c, a.epsilon, a.friedman_gamma))
        print(header)
        row("C LIBSVM svm-train -s 3", libsvm(3, ["-c", repr(a.c), "-p", repr(a.epsilon), "-g", repr(a.friedman_gamma)],
                                              data, work, a.repeats))
        row("kernelkit svr", kernelkit("svr", ["c=%r" % a.c, "epsilon=%r" % a.epsilon, "gamma=%r" % a.friedman_gamma],
                                       data, work, a.repeats))
    print("load after: %s" % " ".join("%.2f" % v for v in os.getloadavg()))
    print("(rho: LIBSVM's printed rho; kernelkit's -bias. For nu-SVC LIBSVM's sign follows the first label of the file,"
          " kernelkit's the larger label)")


if __name__ == "__main__":
    sys.exit(main())

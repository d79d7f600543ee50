#!/usr/bin/env python3
"""The reference of `kernelkit bench gram`: numpy's matrix-product form of the Gaussian Gram matrix
(squared norms + X @ X.T + exp), timed beside ours in the same script on the same data.

The data are the benchmark's: n x d values uniform in [0, 1) drawn row by row by Java's
SplittableRandom(seed) (SplitMix64, reimplemented here), gamma = 1/d unless given. For every round and
every thread count T the script runs, one after the other,
  - numpy: this script with --numpy-only in a fresh process with OPENBLAS_NUM_THREADS = OMP_NUM_THREADS
    = T (only the BLAS product uses threads; numpy's element-wise passes run on one core), best of
    --repeats;
  - ours, when --jar is given: `java -jar JAR bench gram --threads T --no-naive`, best of --repeats in one
    JVM (the first repeats include JIT compilation),
and prints one line per pair with the ratio ours / numpy of the wall times and of the CPU times of the
whole processes (which waiting for a loaded machine's cores does not inflate) and the 1-minute load
average, then the median ratios per T. With --json FILE it also writes everything as JSON.

Usage: numpy_gram.py [--n 6000] [--d 166] [--gamma G] [--seed 42] [--repeats 8] [--rounds 3]
                     [--threads 1,2] [--jar examples/target/kernelkit.jar] [--gram-product native|java|auto]
                     [--cdist] [--json FILE]
Old form (numpy only, default threads): numpy_gram.py [n] [d] [repeats]
"""
import argparse
import ctypes
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def splittable_random_doubles(seed, count):
    """The first `count` values of Java's new SplittableRandom(seed).nextDouble()."""
    import numpy as np
    z = np.uint64(seed & 0xFFFFFFFFFFFFFFFF) + np.arange(1, count + 1, dtype=np.uint64) * np.uint64(GOLDEN_GAMMA)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * (2.0 ** -53)


def blas_info():
    """The BLAS library numpy loaded, its core type and thread count, read from the library itself."""
    import numpy as np
    info = {"numpy": np.__version__}
    try:
        with open("/proc/self/maps") as maps:
            libs = sorted({line.split()[-1] for line in maps if "blas" in line.lower() and ".so" in line})
    except OSError:
        libs = []
    info["libraries"] = libs
    for path in libs:
        lib = ctypes.CDLL(path)
        for prefix in ("scipy_openblas_", "openblas_"):
            for suffix in ("64_", ""):
                name = prefix + "get_config" + suffix
                if hasattr(lib, name):
                    f = getattr(lib, name)
                    f.restype = ctypes.c_char_p
                    info["openblas_config"] = f().decode()
                    g = getattr(lib, prefix + "get_num_threads" + suffix)
                    info["openblas_threads"] = g()
                    return info
    return info


def numpy_only(args):
    import numpy as np
    n, d = args.n, args.d
    gamma = args.gamma if args.gamma is not None else 1.0 / d
    x = splittable_random_doubles(args.seed, n * d).reshape(n, d)

    def product_form():
        sq = np.einsum("ij,ij->i", x, x)
        k = x @ x.T
        k *= 2.0
        k -= sq[:, None]
        k -= sq[None, :]
        np.minimum(k, 0.0, out=k)
        k *= gamma
        np.exp(k, out=k)
        return k

    def best(f):
        """(least wall time, least CPU time of the process) over the repeats."""
        t, c = float("inf"), float("inf")
        for _ in range(args.repeats):
            c0, t0 = time.process_time(), time.perf_counter()
            f()
            t = min(t, time.perf_counter() - t0)
            c = min(c, time.process_time() - c0)
        return t, c

    wall, cpu = best(product_form)
    out = {"n": n, "d": d, "gamma": gamma, "seed": args.seed, "repeats": args.repeats,
           "product_seconds": wall, "product_cpu_seconds": cpu, "first_values": x[0, :3].tolist()}
    if args.cdist:
        from scipy.spatial.distance import cdist
        out["cdist_seconds"] = best(lambda: np.exp(-gamma * cdist(x, x, "sqeuclidean")))[0]
    out.update(blas_info())
    out["threads_env"] = {k: os.environ.get(k) for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")}
    return out


def run_numpy(args, threads):
    env = dict(os.environ, OPENBLAS_NUM_THREADS=str(threads), OMP_NUM_THREADS=str(threads))
    cmd = [sys.executable, os.path.abspath(__file__), "--numpy-only", "--n", str(args.n), "--d", str(args.d),
           "--seed", str(args.seed), "--repeats", str(args.repeats)]
    if args.gamma is not None:
        cmd += ["--gamma", repr(args.gamma)]
    if args.cdist:
        cmd.append("--cdist")
    return json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)


def run_ours(args, threads):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gram.json")
        cmd = [args.java] + args.jvm_flag + ["-jar", args.jar, "bench", "gram", "--n", str(args.n), "--d", str(args.d),
               "--seed", str(args.seed), "--repeats", str(args.repeats), "--threads", str(threads), "--no-naive",
               "--json", path]
        if args.gamma is not None:
            cmd += ["--gamma", repr(args.gamma)]
        if args.gram_product:
            cmd += ["--gram-product", args.gram_product]
        subprocess.run(cmd, check=True, capture_output=True, text=True)
        with open(path) as f:
            return json.load(f)


def main():
    legacy = len(sys.argv) > 1 and all(a.isdigit() for a in sys.argv[1:])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=6000)
    p.add_argument("--d", type=int, default=166)
    p.add_argument("--gamma", type=float, default=None, help="default 1/d")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--repeats", type=int, default=8, help="timed runs per process, the best counts")
    p.add_argument("--rounds", type=int, default=3, help="numpy/ours pairs per thread count")
    p.add_argument("--threads", default="1,%d" % os.cpu_count(), help="comma-separated thread counts")
    p.add_argument("--jar", help="kernelkit.jar: time ours beside numpy")
    p.add_argument("--java", default="java")
    p.add_argument("--jvm-flag", action="append", default=[], help="a flag for ours' JVM (repeatable)")
    p.add_argument("--gram-product", choices=["native", "java", "auto"],
                   help="ours' product (bench gram --gram-product; default: the jar's auto)")
    p.add_argument("--cdist", action="store_true", help="also time scipy's exp(-gamma cdist(X, X))")
    p.add_argument("--json", help="write the results here")
    p.add_argument("--numpy-only", action="store_true", help=argparse.SUPPRESS)
    if legacy:
        values = [int(a) for a in sys.argv[1:]] + [None] * 3
        args = p.parse_args(["--numpy-only", "--cdist"])
        args.n = values[0] or 6000
        args.d = values[1] or 166
        args.repeats = values[2] or 3
        print(json.dumps(numpy_only(args)))
        return
    args = p.parse_args()
    if args.numpy_only:
        print(json.dumps(numpy_only(args)))
        return
    rows = []
    thread_counts = [int(t) for t in args.threads.split(",")]
    print("Gaussian Gram matrix n = %d, d = %d, gamma = %s, seed %d; best of %d per process" % (
        args.n, args.d, args.gamma if args.gamma is not None else "1/d", args.seed, args.repeats))
    print("%-5s %-7s %10s %10s %12s %10s %10s %10s %8s %s" % ("round", "threads", "numpy s", "ours s", "ours/numpy",
                                                             "numpy cpu", "ours cpu", "cpu ratio", "load1", "product"))
    for r in range(args.rounds):
        for t in thread_counts:
            load = os.getloadavg()[0]
            np_res = run_numpy(args, t)
            ours = run_ours(args, t) if args.jar else None
            row = {"round": r + 1, "threads": t, "numpy_seconds": np_res["product_seconds"],
                   "numpy_cpu_seconds": np_res["product_cpu_seconds"],
                   "ours_seconds": ours["ours_seconds"] if ours else None,
                   "ours_cpu_seconds": ours.get("ours_cpu_seconds") if ours else None,
                   "load1_before": load, "load1_after": os.getloadavg()[0], "numpy": np_res}
            if ours:
                row["ratio"] = ours["ours_seconds"] / np_res["product_seconds"]
                if row["ours_cpu_seconds"]:
                    row["cpu_ratio"] = row["ours_cpu_seconds"] / row["numpy_cpu_seconds"]
                row["ours_java"] = ours.get("java_version")
                row["ours_gram_product"] = ours.get("gram_product")
            rows.append(row)
            print("%-5d %-7d %10.3f %10s %12s %10.3f %10s %10s %8.2f %s" % (
                r + 1, t, row["numpy_seconds"], "%.3f" % row["ours_seconds"] if ours else "-",
                "%.2f" % row["ratio"] if ours else "-", row["numpy_cpu_seconds"],
                "%.3f" % row["ours_cpu_seconds"] if row["ours_cpu_seconds"] else "-",
                "%.2f" % row["cpu_ratio"] if "cpu_ratio" in row else "-", load, row.get("ours_gram_product") or "-"),
                flush=True)
    summary = {}
    for t in thread_counts:
        ratios = [x["ratio"] for x in rows if x["threads"] == t and "ratio" in x]
        cpu = [x["cpu_ratio"] for x in rows if x["threads"] == t and "cpu_ratio" in x]
        if ratios:
            summary[str(t)] = {"median_ratio": statistics.median(ratios), "min_ratio": min(ratios),
                               "max_ratio": max(ratios)}
            print("threads %d: ours/numpy median %.2f (min %.2f, max %.2f) over %d rounds" % (
                t, statistics.median(ratios), min(ratios), max(ratios), len(ratios)), end="")
            if cpu:
                summary[str(t)]["median_cpu_ratio"] = statistics.median(cpu)
                print("; CPU time ours/numpy median %.2f (min %.2f, max %.2f)" % (
                    statistics.median(cpu), min(cpu), max(cpu)), end="")
            print()
    blas = rows[0]["numpy"] if rows else {}
    print("numpy %s, %s" % (blas.get("numpy"), blas.get("openblas_config", "BLAS: " + ", ".join(blas.get("libraries", [])))))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "summary": summary, "uname": os.uname().release,
                       "cpu_count": os.cpu_count()}, f, indent=1)


if __name__ == "__main__":
    main()

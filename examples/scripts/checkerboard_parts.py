#!/usr/bin/env python3
"""The 4 x 4 checkerboard on [0, 4]^2 (label +1 when floor(a) + floor(b) is even, as `bench cvm`) as LIBSVM
part files, for training on Spark from a folder: N points, seeded (numpy's PCG64), written in blocks so that
10^7 points need little memory. The points are numpy's, not kernelkit's SyntheticData stream.

    examples/scripts/checkerboard_parts.py OUT_DIR N [--parts P] [--seed S]
    examples/scripts/checkerboard_parts.py OUT.libsvm N --single [--seed S]

OUT_DIR must not exist (nothing is overwritten); it gets part-00000.libsvm ... of about N / P points each.
"""
import argparse
import os
import sys

import numpy as np


def write_block(f, xy):
    a, b = xy[:, 0], xy[:, 1]
    y = np.where(((np.floor(a) + np.floor(b)).astype(np.int64) & 1) == 0, 1, -1)
    lines = ["%d 1:%.17g 2:%.17g\n" % (l, u, v) for l, u, v in zip(y.tolist(), a.tolist(), b.tolist())]
    f.write("".join(lines))


def write(path, count, rng, block=200_000):
    tmp = path + ".partial"
    with open(tmp, "w") as f:
        left = count
        while left > 0:
            m = min(block, left)
            write_block(f, 4.0 * rng.random((m, 2)))
            left -= m
    os.replace(tmp, path)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("n", type=int)
    p.add_argument("--parts", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--single", action="store_true", help="one file OUT instead of a folder of parts")
    a = p.parse_args()
    if a.n < 1 or a.parts < 1:
        sys.exit("checkerboard_parts.py: error: n and --parts must be >= 1")
    if os.path.exists(a.out):
        sys.exit("checkerboard_parts.py: error: %s exists; give a new path" % a.out)
    rng = np.random.default_rng(a.seed)
    if a.single:
        write(a.out, a.n, rng)
        return
    os.makedirs(a.out)
    for q in range(a.parts):
        lo, hi = a.n * q // a.parts, a.n * (q + 1) // a.parts
        write(os.path.join(a.out, "part-%05d.libsvm" % q), hi - lo, rng)


if __name__ == "__main__":
    main()

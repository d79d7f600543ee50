#!/usr/bin/env python3
"""A synthetic stand-in of ijcnn1's shape (NOT ijcnn1): 49,990 training and 20,000 test rows of 22 dense
features in [-1, 1], labels +1/-1 from a seeded nonlinear rule with 3 % of labels flipped (about 10 %
positive, as ijcnn1). Written as LIBSVM text (every feature stored, %.6g). Usage:
  ijcnn1_standin.py OUT_DIR   -> OUT_DIR/ijcnn1s.libsvm, OUT_DIR/ijcnn1s.t.libsvm
"""
import math
import random
import sys


def rows(n, rnd):
    for _ in range(n):
        x = [rnd.uniform(-1.0, 1.0) for _ in range(22)]
        # smooth nonlinear score over a few coordinates, small weight on the rest
        s = (math.sin(3.0 * x[0]) * x[1] + x[2] * x[2] - x[3] * x[4] + 0.5 * math.cos(4.0 * x[5] * x[6])
             + 0.3 * sum(x[7:22]) / 15.0)
        y = 1 if s > 1.44 else -1
        if rnd.random() < 0.03:
            y = -y
        yield y, x


def write(path, n, seed):
    rnd = random.Random(seed)
    pos = 0
    with open(path, "w") as f:
        for y, x in rows(n, rnd):
            pos += y > 0
            f.write(("+1" if y > 0 else "-1") + " " + " ".join("%d:%.6g" % (k + 1, v) for k, v in enumerate(x)) + "\n")
    print(path, n, "rows,", pos, "positive")


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    write(out + "/ijcnn1s.libsvm", 49990, 20261202)
    write(out + "/ijcnn1s.t.libsvm", 20000, 20261203)

#!/usr/bin/env python3
"""A synthetic stand-in of ijcnn1's shape (NOT ijcnn1, which is not on this machine): 49,990 training and
20,000 test rows of 22 dense features in [-1, 1] (normal with sd 0.15, clipped, so that gamma 2 gives a
kernel of ijcnn1's range), labels +1/-1 from a seeded nonlinear rule, the top 10 % of its score positive
(as ijcnn1's ~10 %), 0.5 % of labels flipped. Written as LIBSVM text (every feature stored, %.6g). Usage:
  ijcnn1_standin.py OUT_DIR   -> OUT_DIR/ijcnn1s.libsvm, OUT_DIR/ijcnn1s.t.libsvm
"""
import math
import random
import sys


def point(rnd):
    return [max(-1.0, min(1.0, rnd.gauss(0.0, 0.15))) for _ in range(22)]


def score(x):
    u = [v / 0.15 for v in x]
    return (math.sin(1.5 * u[0]) * u[1] + 0.5 * u[2] * u[2] - u[3] * u[4] + math.cos(u[5] * u[6])
            + 0.3 * sum(u[7:22]) / 15.0)


def write(path, n, seed, threshold):
    rnd = random.Random(seed)
    pos = 0
    with open(path, "w") as f:
        for _ in range(n):
            x = point(rnd)
            y = score(x) > threshold
            if rnd.random() < 0.005:
                y = not y
            pos += y
            f.write(("+1" if y else "-1") + " " + " ".join("%d:%.6g" % (k + 1, v) for k, v in enumerate(x)) + "\n")
    print(path, n, "rows,", pos, "positive")


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    rnd = random.Random(20261201)
    scores = sorted(score(point(rnd)) for _ in range(20000))
    t = scores[int(0.9 * len(scores))]
    write(out + "/ijcnn1s.libsvm", 49990, 20261202, t)
    write(out + "/ijcnn1s.t.libsvm", 20000, 20261203, t)

#!/usr/bin/env python3
"""Checks that kernelkit JSON outputs are equal but for times and the engine's own keys (engine, master, tasks,
fits, JVM flags, and gram_product: which product the launching JVM ran, none on a driver whose executors are other
JVMs): what `--engine spark` promises against the one-machine run. Exit 0 when all equal the first,
otherwise one line naming the first path that differs and exit 1.

    examples/scripts/json_same_results.py REFERENCE.json OTHER.json [OTHER.json ...]
"""
import json
import re
import sys

VARYING = re.compile(r".*seconds.*|engine|master|tasks|fits|jvm_flags|gram_product")


def strip(n):
    if isinstance(n, dict):
        return {k: strip(v) for k, v in n.items() if not VARYING.fullmatch(k)}
    if isinstance(n, list):
        return [strip(v) for v in n]
    return n


def first_difference(a, b, path="$"):
    if type(a) != type(b):
        return path
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return path + "." + k
            d = first_difference(a[k], b[k], path + "." + k)
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return path + " (length)"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, "%s[%d]" % (path, i))
            if d:
                return d
        return None
    return None if a == b else path


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    ref = strip(json.load(open(sys.argv[1])))
    for other in sys.argv[2:]:
        d = first_difference(ref, strip(json.load(open(other))))
        if d:
            print("json_same_results: %s differs from %s (times aside) at %s" % (other, sys.argv[1], d))
            sys.exit(1)
    print("json_same_results: %d file(s) equal %s but for times and the engine's keys" % (len(sys.argv) - 2, sys.argv[1]))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Scale on paper: from the JSON of `kernelkit compare --engine spark` (its tasks, fits,
sum_fit_seconds and longest_fit_seconds), the wall time the run's fits would take on N cores,
between the work divided by the cores (sum / N) and the longest single fit (the critical path):
projected = max(sum / N, longest). A lower bound: it leaves out the session start, the driver's
choices between the stages of the nested protocol (a stage's fits wait for the previous stage's),
and uneven tasks.

    examples/scripts/spark_scale.py RUN.json [RUN.json ...] [--cores 16,64,256]
"""
import json
import sys


def main(argv):
    cores = [16, 64, 256]
    files = []
    i = 0
    while i < len(argv):
        if argv[i] == "--cores":
            cores = [int(c) for c in argv[i + 1].split(",")]
            i += 2
        else:
            files.append(argv[i])
            i += 1
    if not files:
        sys.exit("usage: spark_scale.py RUN.json [RUN.json ...] [--cores 16,64,256]")
    head = "%-28s %7s %7s %10s %9s" % ("run", "tasks", "fits", "sum fit s", "longest s")
    head += "".join(" %9s" % ("%d cores" % c) for c in cores)
    print(head)
    for f in files:
        with open(f) as fh:
            j = json.load(fh)
        missing = [k for k in ("tasks", "fits", "sum_fit_seconds", "longest_fit_seconds") if k not in j]
        if missing:
            sys.exit("%s: no %s: not the JSON of a --engine spark run of this version" % (f, ", ".join(missing)))
        total, longest = j["sum_fit_seconds"], j["longest_fit_seconds"]
        row = "%-28s %7d %7d %10.1f %9.2f" % ("/".join(f.split("/")[-2:])[-28:], j["tasks"], j["fits"], total,
                                                 longest)
        row += "".join(" %9.1f" % max(total / c, longest) for c in cores)
        print(row)


if __name__ == "__main__":
    main(sys.argv[1:])

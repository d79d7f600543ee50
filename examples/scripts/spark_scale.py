#!/usr/bin/env python3
"""Scale on paper: from the JSON of `kernelkit compare --engine spark` (its tasks, fits,
sum_fit_seconds and longest_fit_seconds), the wall time the run's fits would take on N cores,
between the work divided by the cores (sum / N) and the longest single fit (the critical path):
projected = max(sum / N, longest). A lower bound: it leaves out the session start, the driver's
choices between the stages of the nested protocol (a stage's fits wait for the previous stage's),
and uneven tasks.

    examples/scripts/spark_scale.py RUN.json [RUN.json ...] [--cores 16,64,256] [--table NAME [--repeat K]]

With --table, a last row adds the runs up as one table (tasks, fits and fit seconds summed, the longest fit the
longest of all); with --repeat K (the full protocol's split or repeat count over the --quick one) a further row
extrapolates that table to the full protocol: tasks and fits times K (exact when every split has the same tasks),
sum of fit seconds times K (an estimate: other splits' fits differ), longest fit the quick run's (a lower bound:
the full protocol's other splits may hold a longer one).
"""
import json
import sys


def main(argv):
    cores = [16, 64, 256]
    files = []
    table = None
    repeat = None
    i = 0
    while i < len(argv):
        if argv[i] == "--cores":
            cores = [int(c) for c in argv[i + 1].split(",")]
            i += 2
        elif argv[i] == "--table":
            table = argv[i + 1]
            i += 2
        elif argv[i] == "--repeat":
            repeat = int(argv[i + 1])
            i += 2
        else:
            files.append(argv[i])
            i += 1
    if not files:
        sys.exit("usage: spark_scale.py RUN.json [RUN.json ...] [--cores 16,64,256]")
    head = "%-36s %7s %7s %10s %9s" % ("run", "tasks", "fits", "sum fit s", "longest s")
    head += "".join(" %9s" % ("%d cores" % c) for c in cores)
    if repeat is not None and (table is None or repeat < 1):
        sys.exit("--repeat K needs --table NAME and K >= 1")
    print(head)
    sums = [0, 0, 0.0, 0.0]

    def line(name, tasks, fits, total, longest):
        return "%-36s %7d %7d %10.1f %9.2f" % (name[-36:], tasks, fits, total, longest) + "".join(
            " %9.1f" % max(total / c, longest) for c in cores)

    for f in files:
        with open(f) as fh:
            j = json.load(fh)
        missing = [k for k in ("tasks", "fits", "sum_fit_seconds", "longest_fit_seconds") if k not in j]
        if missing:
            sys.exit("%s: no %s: not the JSON of a --engine spark run of this version" % (f, ", ".join(missing)))
        total, longest = j["sum_fit_seconds"], j["longest_fit_seconds"]
        print(line("/".join(f.split("/")[-2:]), j["tasks"], j["fits"], total, longest))
        sums = [sums[0] + j["tasks"], sums[1] + j["fits"], sums[2] + total, max(sums[3], longest)]
    if table is not None:
        print(line(table + " (runs added)", *sums))
        if repeat is not None:
            print(line(table + " full x%d (extrap.)" % repeat, sums[0] * repeat, sums[1] * repeat,
                       sums[2] * repeat, sums[3]))


if __name__ == "__main__":
    main(sys.argv[1:])

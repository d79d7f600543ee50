#!/usr/bin/env python3
"""Runs every kernelkit command line of README.md under a small heap (issue #25).

Each `java -jar examples/target/kernelkit.jar ...` command of README.md's code blocks (continuation
lines joined) is run with `-Xmx256m` (or --heap) in a scratch folder, with the README's bare data file
names (heart.libsvm, a9a.libsvm, musk1.csv, ...) mapped to the files under $KERNELKIT_DATA. A command
passes when it exits 0, or exits 1 with a one-line `kernelkit: error: ...` (e.g. the memory estimate
naming the -Xmx to use), and printed no Java stack trace. Commands still running at --timeout seconds
are reported as such (they passed the memory estimate and were training; nothing is claimed about
them). Output: one line per command and a summary; exit code 1 when any command failed.

With --shrink, `--repeats N` and `--splits N` become 1 (said on the command's line): every fold of a
protocol allocates what the first one does, so one repeat reaches the end of a long protocol (its JSON,
plots and tables) under the same heap in minutes instead of hours; folds, grids and data are unchanged.

    KERNELKIT_DATA=../shared/data python3 examples/scripts/readme_small_heap.py [--heap 256m] [--timeout 900] [--shrink]
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

DATA = {
    "heart.libsvm": "heart/heart.libsvm",
    "a9a.libsvm": "a9a/a9a.libsvm",
    "a9a.t.libsvm": "a9a/a9a.t.libsvm",
    "musk1.csv": "musk1/musk1.csv",
    "fox.csv": "fox/fox.csv",
    "diabetes.libsvm": "diabetes/diabetes.libsvm",
    "tox171.libsvm": "tox171/tox171.libsvm",
    "banana.libsvm": "banana/banana.libsvm",
    "kdd.libsvm": "kddcup99/kddcup99.libsvm",
    "kdd.t.libsvm": "kddcup99/kddcup99.t.libsvm",
    # README's generic names for "your training / test file"
    "train.libsvm": "heart/heart.libsvm",
    "test.libsvm": "heart/heart.libsvm",
    # and "your bag training / test file"
    "musk1-train.csv": "musk1/musk1.csv",
    "musk1-test.csv": "musk1/musk1.csv",
}
# model files the README uses without a command that writes them: made first, at the default heap
SETUP = {
    "musk1.model": ["sparse-mi", "train", "--data", "musk1.csv", "--model", "musk1.model"],
}
STACK = re.compile(r"^\s+at [\w$.]+\(|Exception in thread|^Caused by: ", re.M)


def readme_commands(readme):
    """The kernelkit command lines of the README's bash blocks, continuation lines joined, comments dropped."""
    out, fence, block, pending = [], False, False, ""
    for line in open(readme, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
            block = fence and line.strip() in ("```bash", "```sh", "```")
            pending = ""
            continue
        if not block:
            continue
        text = pending + line.rstrip("\n")
        if text.endswith("\\"):
            pending = text[:-1] + " "
            continue
        pending = ""
        text = text.split(" # ")[0].strip()
        m = re.search(r"java (?:-Xmx\S+ )?-jar examples/target/kernelkit\.jar (.*)$", text)
        if m and " mvn " not in " " + text:
            out.append(m.group(1).strip())
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heap", default="256m")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--jar", default="examples/target/kernelkit.jar")
    ap.add_argument("--readme", default="README.md")
    ap.add_argument("--only", help="run only the commands containing this text")
    ap.add_argument("--shrink", action="store_true", help="--repeats N and --splits N become 1")
    a = ap.parse_args()
    data = os.environ.get("KERNELKIT_DATA")
    if not data:
        sys.exit("set KERNELKIT_DATA to the data folder (e.g. ../shared/data)")
    jar = os.path.abspath(a.jar)
    work = tempfile.mkdtemp(prefix="kk-small-heap-")
    failed = 0
    commands = readme_commands(a.readme)
    if a.only:
        commands = [c for c in commands if a.only in c]
    for i, cmd in enumerate(commands, 1):
        mapped = lambda ts: [os.path.join(os.path.abspath(data), DATA[t]) if t in DATA else t for t in ts]
        args = mapped(shlex.split(cmd))
        shrunk = []
        if a.shrink:
            for k in range(len(args) - 1):
                if args[k] in ("--repeats", "--splits") and args[k + 1] != "1":
                    shrunk.append(f"{args[k]} {args[k + 1]} -> 1")
                    args[k + 1] = "1"
        for model, setup in SETUP.items():
            if model in args and not os.path.exists(os.path.join(work, model)):
                subprocess.run(["java", "-jar", jar] + mapped(setup), cwd=work, capture_output=True, timeout=a.timeout)
        t0 = time.time()
        try:
            p = subprocess.run(["java", "-Xmx" + a.heap, "-jar", jar] + args, cwd=work, capture_output=True,
                               text=True, timeout=a.timeout, env={**os.environ, "KERNELKIT_DATA": os.path.abspath(data)})
            code, err = p.returncode, p.stderr + p.stdout
        except subprocess.TimeoutExpired as e:
            code, err = None, (e.stderr or b"").decode("utf-8", "replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        s = time.time() - t0
        trace = bool(STACK.search(err))
        errors = [l for l in err.splitlines() if l.startswith("kernelkit: error:")]
        if trace or (code not in (0, 1, None)) or (code == 1 and len(errors) != 1):
            verdict, failed = "FAIL", failed + 1
        elif code is None:
            verdict = "RUNNING at timeout"
        else:
            verdict = "ok" if code == 0 else "stopped"
        detail = errors[0] if errors else ""
        note = f"  (shrunk: {', '.join(shrunk)})" if shrunk else ""
        print(f"[{i}/{len(commands)}] {verdict:18} exit {code} {s:7.1f} s  kernelkit {cmd}{note}"
              + (f"\n      {detail}" if detail else ""), flush=True)
    print(f"{len(commands)} commands at -Xmx{a.heap}: {failed} failed (stack trace, other exit code, or no one-line error)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

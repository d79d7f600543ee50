#!/bin/bash
# Issue #25's target on real data: `sparse-mi cv` on MUSK1 with --repeats 10, killed (kill -9) once its
# journal holds MIN_FOLDS finished outer folds and MIN_POINTS scored grid points of the fold still running,
# then resumed with --resume; its JSON is compared with an uninterrupted run's, every key but the
# measured times. Runs in the current folder.
#   KERNELKIT_DATA=../shared/data bash examples/scripts/resume_check.sh [JAR] [MIN_FOLDS] [MIN_POINTS]
set -euo pipefail
JAR=${1:-examples/target/kernelkit.jar}; MIN_FOLDS=${2:-3}; MIN_POINTS=${3:-5}
JAR=$(readlink -f "$JAR")
D=${KERNELKIT_DATA:?set KERNELKIT_DATA to the data folder}
ARGS=(sparse-mi cv --data "$D/musk1/musk1.csv" --xv 10 --folds 10 --repeats 10 --seed 1)
lines() { local c; c=$(grep -c "^$1" killed.json.journal 2>/dev/null || true); echo "${c:-0}"; }
rm -f whole.json killed.json killed.json.journal
java -jar "$JAR" "${ARGS[@]}" --json whole.json > whole.out 2> whole.err
java -jar "$JAR" "${ARGS[@]}" --json killed.json > killed.out 2> killed.err &
PID=$!
while kill -0 $PID 2>/dev/null && { [ "$(lines fold)" -lt "$MIN_FOLDS" ] || [ "$(lines point)" -lt "$MIN_POINTS" ]; }; do
  sleep 0.02
done
kill -9 $PID 2>/dev/null || true
wait $PID 2>/dev/null || true
echo "killed with $(lines fold) finished folds and $(lines point) grid points journalled; JSON written: $([ -f killed.json ] && echo yes || echo no)"
java -jar "$JAR" "${ARGS[@]}" --json killed.json --resume > resumed.out 2> resumed.err
grep '^resuming' resumed.err || true
python3 - <<'PY'
import json, sys
TIMES = {"train_seconds", "predict_seconds", "tune_seconds", "train_seconds_total", "wall_seconds",
         "fold_train_seconds", "jvm_flags"}
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k not in TIMES}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o
a, b = json.load(open("whole.json")), json.load(open("killed.json"))
same = strip(a) == strip(b)
print("resumed JSON equals the uninterrupted run's (times aside):", same,
      "| keys that differ:", sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k)),
      "| accuracy", a.get("accuracy_mean"), b.get("accuracy_mean"))
sys.exit(0 if same else 1)
PY

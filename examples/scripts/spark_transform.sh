#!/usr/bin/env bash
# Spark ML scoring at scale (issue #36): KernelkitClassificationModel.transform of ROWS checkerboard rows generated
# on the executors (dev.kernelkit.spark.ml.TransformBench through spark/bin/kernelkit-spark, local[2] by default),
# against one-machine `kernelkit predict` on the same rows written to a LIBSVM file, with a CVM trained on
# `kernelkit example-data`'s checkerboard.libsvm (2,000 points, 4 x 4 cells) by `kernelkit cvm train`.
# Prints the rows per second of both (predict: its own scoring time, predict_seconds of its JSON, and its wall time
# with reading the file and writing the predictions), the ratios, the load before and after, and checks that
# Spark's predictions of a sample of rows (every ROWS/SAMPLE-th) are the local predictions of those rows.
# The LIBSVM file (about 400 MB for 10^7 rows) and the predictions are deleted at the end.
#
#   examples/scripts/spark_transform.sh [--rows N] [--partitions P] [--master URL] [--sample K] [--out DIR]
# e.g. examples/scripts/spark_transform.sh --rows 10000000
# Build first: mvn -q -B -DskipTests package. Both runs get KERNELKIT_JAVA_OPTS (default -Xmx6g: the local run
# holds every row). On a shared machine read the ratio, not the rates, and the load printed beside them.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rows=10000000
partitions=2
master='local[2]'
sample=1000
out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rows) rows="$2"; shift 2 ;;
    --partitions) partitions="$2"; shift 2 ;;
    --master) master="$2"; shift 2 ;;
    --sample) sample="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "spark_transform: unknown option $1 (usage: spark_transform.sh [--rows N] [--partitions P] [--master URL] [--sample K] [--out DIR])" >&2; exit 2 ;;
  esac
done
if [[ -z "$out" ]]; then
  out="$(mktemp -d)"
fi
mkdir -p "$out"
jar="$root/examples/target/kernelkit.jar"
launcher="$root/spark/bin/kernelkit-spark"
[[ -f "$jar" ]] || { echo "spark_transform: $jar is not built: run mvn -q -B -DskipTests package in $root" >&2; exit 1; }
export KERNELKIT_JAVA_OPTS="${KERNELKIT_JAVA_OPTS:--Xmx6g}"
data="$out/rows.libsvm"
predictions="$out/local-predictions.txt"
trap 'rm -f "$data" "$predictions"' EXIT

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
java -jar "$jar" example-data --out "$out/example-data" --force > /dev/null
java $KERNELKIT_JAVA_OPTS -jar "$jar" cvm train --data "$out/example-data/checkerboard.libsvm" \
  --model "$out/cvm.model" --seed 1 --json "$out/train.json" > "$out/train.log"
echo "model: $(grep -o '"core_vectors" *: *[0-9]*' "$out/train.json" || true) ($out/cvm.model)"

KERNELKIT_SPARK_MAIN=dev.kernelkit.spark.ml.TransformBench "$launcher" --model "$out/cvm.model" --rows "$rows" \
  --partitions "$partitions" --master "$master" --seed 1 --cells 4 --libsvm "$data" --sample "$out/sample.txt" \
  --sample-rows "$sample" > "$out/spark.txt" 2> "$out/spark.log" \
  || { echo "spark_transform: the Spark run failed, see $out/spark.log" >&2; tail -3 "$out/spark.log" >&2; exit 1; }
echo "load between: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s.%N)
java $KERNELKIT_JAVA_OPTS -jar "$jar" predict --model "$out/cvm.model" --data "$data" --output "$predictions" \
  --json "$out/local.json" > "$out/local.log" 2>&1 \
  || { echo "spark_transform: local predict failed, see $out/local.log" >&2; tail -3 "$out/local.log" >&2; exit 1; }
end=$(date +%s.%N)
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$out/spark.txt" "$out/local.json" "$predictions" "$out/sample.txt" "$start" "$end" <<'PY'
import json, sys
spark = dict(line.split(" ", 1) for line in open(sys.argv[1]).read().splitlines())
local = json.load(open(sys.argv[2]))
n = int(spark["rows"])
assert local["n"] == n, (local["n"], n)
wall = float(sys.argv[6]) - float(sys.argv[5])
s_rate = float(spark["rows_per_second"])
l_rate = n / local["predict_seconds"]
w_rate = n / wall
print("Spark transform (%s, %s partitions): %d rows in %s s = %.0f rows/s (accuracy %.4f; warm-up %s rows %s s)"
      % (spark["master"], spark["partitions"], n, spark["seconds"], s_rate, int(spark["correct"]) / n,
         spark["warmup_rows"], spark["warmup_seconds"]))
print("local predict, scoring only (predict_seconds): %.1f s = %.0f rows/s (accuracy %.4f)"
      % (local["predict_seconds"], l_rate, local["accuracy"]))
print("local predict, wall (JVM start, read, score, write): %.1f s = %.0f rows/s" % (wall, w_rate))
print("ratio Spark / local scoring: %.3f; Spark / local wall: %.3f" % (s_rate / l_rate, s_rate / w_rate))
assert abs(int(spark["correct"]) / n - local["accuracy"]) < 1e-12, "accuracies differ"
# the sample: "row prediction" lines against the local predictions file (one class name per line)
wanted = {}
for line in open(sys.argv[4]):
    i, p = line.split()
    wanted[int(i)] = float(p)
found = {}
with open(sys.argv[3]) as f:
    for i, line in enumerate(f):
        if i in wanted:
            found[i] = float(line)
bad = [i for i in wanted if found.get(i) != wanted[i]]
print("sample: %d rows, Spark's prediction equals local predict's on %d" % (len(wanted), len(wanted) - len(bad)))
if bad:
    sys.exit("spark_transform: predictions differ at rows %s" % bad[:10])
PY

#!/usr/bin/env bash
# The Spark engine's overhead on one machine: runs the same `kernelkit compare` on one machine
# (java -jar examples/target/kernelkit.jar) and with `--engine spark --master local[2]`
# (spark/bin/kernelkit-spark: a new JVM and a new SparkSession, session start included), one after the
# other, ROUNDS times, and prints per run its wall and CPU seconds, per round the ratio spark/local, the
# load before and after, and the engine's own count (tasks, fits, summed and longest fit seconds, and
# the projected wall time on N cores: examples/scripts/spark_scale.py). It checks that the two JSONs
# are equal but for times and the engine's keys, as the engine promises.
#
#   examples/scripts/spark_overhead.sh [--rounds N] [--out DIR] -- COMPARE-ARGS...
# e.g. (150-180 CPU s one machine: about 2 minutes on an idle 2-core machine; BENCHMARKS.md)
#   examples/scripts/spark_overhead.sh --rounds 2 -- --data "$KERNELKIT_DATA/heart/heart.libsvm" \
#       --learners sm1 --tune --seed 1
# Build first: mvn -q -B -DskipTests package. The machine should be otherwise idle: on a shared one,
# read the ratios, not the seconds, and the load printed beside them.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds=1
out=""
while [[ $# -gt 0 && "$1" != "--" ]]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "spark_overhead: unknown option $1 (usage: spark_overhead.sh [--rounds N] [--out DIR] -- COMPARE-ARGS...)" >&2; exit 2 ;;
  esac
done
if [[ $# -eq 0 ]]; then
  echo "spark_overhead: give the compare arguments after --" >&2
  exit 2
fi
shift
if [[ -z "$out" ]]; then
  out="$(mktemp -d)"
fi
mkdir -p "$out"
jar="$root/examples/target/kernelkit.jar"
launcher="$root/spark/bin/kernelkit-spark"
[[ -f "$jar" ]] || { echo "spark_overhead: $jar is not built: run mvn -q -B -DskipTests package in $root" >&2; exit 1; }

# one run: wall and CPU (user + sys of the JVM) seconds as "wall cpu"
timed() {
  local log="$1"; shift
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$log.cpu" "$@" > "$log" 2>&1 || { echo "spark_overhead: failed, see $log" >&2; tail -3 "$log" >&2; exit 1; }
  end=$(date +%s.%N)
  python3 -c "import sys; u, s = open(sys.argv[3]).read().split()[-2:]; print('%.1f %.1f' % (float(sys.argv[2]) - float(sys.argv[1]), float(u) + float(s)))" \
    "$start" "$end" "$log.cpu"
}

echo "compare $*"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
for ((r = 1; r <= rounds; r++)); do
  read -r lw lc < <(timed "$out/local-$r.log" java -jar "$jar" compare "$@" --json "$out/local-$r.json")
  read -r sw sc < <(timed "$out/spark-$r.log" "$launcher" compare "$@" --engine spark --master 'local[2]' \
    --json "$out/spark-$r.json")
  python3 "$here/json_same_results.py" "$out/local-$r.json" "$out/spark-$r.json" || exit 1
  printf 'round %d: one machine %6.1f s wall %6.1f s CPU | spark local[2] %6.1f s wall %6.1f s CPU | ratio wall %.3f CPU %.3f | load %s\n' \
    "$r" "$lw" "$lc" "$sw" "$sc" "$(python3 -c "print($sw / $lw)")" "$(python3 -c "print($sc / $lc)")" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
  grep -h '^engine spark' "$out/spark-$r.log" || true
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/spark_scale.py" "$out/spark-$rounds.json"
echo "(the JSONs and logs: $out)"

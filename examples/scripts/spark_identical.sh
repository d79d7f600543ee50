#!/usr/bin/env bash
# Identical results on Spark (issue #36): runs one kernelkit command on one machine (java -jar
# examples/target/kernelkit.jar) and then with `--engine spark --master M` for each master given
# (spark/bin/kernelkit-spark, a new JVM each; default local[2] and local-cluster[2,1,1024], two executor JVMs
# on this machine), and checks every Spark JSON equal to the one-machine JSON but for times and the engine's
# keys (examples/scripts/json_same_results.py). Prints per run its wall and CPU seconds (of the launching JVM:
# a local-cluster run's executors are other processes) and the engine's summary line.
#
#   examples/scripts/spark_identical.sh [--out DIR] [--masters M1,M2,...] -- COMMAND ARGS...
# e.g.
#   examples/scripts/spark_identical.sh -- compare --data "$KERNELKIT_DATA/heart/heart.libsvm" \
#       --learners svm,cvm,sm1,imkpl --tune --seed 1
#   examples/scripts/spark_identical.sh -- sparse-mi cv --data "$KERNELKIT_DATA/musk1/musk1.csv" --xv 10 \
#       --folds 10 --repeats 10 --seed 1
# Build first: mvn -q -B -DskipTests package. COMMAND must write --json (the script adds it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out=""
masters="local[2],local-cluster[2,1,1024]"
while [[ $# -gt 0 && "$1" != "--" ]]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --masters) masters="$2"; shift 2 ;;
    *) echo "spark_identical: unknown option $1 (usage: spark_identical.sh [--out DIR] [--masters M1,M2] -- COMMAND ARGS...)" >&2; exit 2 ;;
  esac
done
if [[ $# -lt 2 ]]; then
  echo "spark_identical: give the command and its arguments after --" >&2
  exit 2
fi
shift
if [[ -z "$out" ]]; then
  out="$(mktemp -d)"
fi
mkdir -p "$out"
jar="$root/examples/target/kernelkit.jar"
launcher="$root/spark/bin/kernelkit-spark"
[[ -f "$jar" ]] || { echo "spark_identical: $jar is not built: run mvn -q -B -DskipTests package in $root" >&2; exit 1; }

run() {
  local name="$1"; shift
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$out/$name.cpu" "$@" --json "$out/$name.json" > "$out/$name.log" 2>&1 \
    || { echo "spark_identical: $name failed, see $out/$name.log" >&2; tail -3 "$out/$name.log" >&2; exit 1; }
  end=$(date +%s.%N)
  python3 -c "import sys; u, s = open(sys.argv[3]).read().split()[-2:]; print('%-28s %8.1f s wall %8.1f s CPU  load %s' % (sys.argv[4], float(sys.argv[2]) - float(sys.argv[1]), float(u) + float(s), sys.argv[5]))" \
    "$start" "$end" "$out/$name.cpu" "$name" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

echo "$*"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
run local java -jar "$jar" "$@"
others=()
i=0
IFS='|' read -r -a list <<< "${masters//],/]|}"
for m in "${list[@]}"; do
  i=$((i + 1))
  run "spark-$i" "$launcher" "$@" --engine spark --master "$m"
  echo "  master $m: $(grep -h '^engine spark' "$out/spark-$i.log" || echo 'no engine line')"
  others+=("$out/spark-$i.json")
done
python3 "$here/json_same_results.py" "$out/local.json" "${others[@]}"
echo "(the JSONs and logs: $out)"

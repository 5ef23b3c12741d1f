#!/usr/bin/env bash
# The whole-process targets of docs/performance.md, timed as a user runs the commands:
#   export of a 10^4-kernel figure   <= 0.5 s
#   analyze of 10^6 rows to CSV/JSON <= 5 s and <= 500 MB
# Usage: whole_process.sh build/bin/roofline   (make bench runs it)
set -euo pipefail
roofline=${1:?usage: whole_process.sh path/to/roofline}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# N kernels around the H100's ridge: log-normal intensity, 1 MB-10 GB each (as ui_bench's).
kernels() {
  awk -v n="$1" 'BEGIN { srand(7); print "name,flops,bytes,time_s";
    for (i = 0; i < n; i++) { b = 10 ^ (6 + 4 * rand()); x = 10 ^ (1.2 + 0.9 * (rand() + rand() + rand() - 1.5));
      f = x * b; roof = x * 3.35e12; if (roof > 989.4e12) roof = 989.4e12;
      printf "kernel_%d,%.6g,%.6g,%.6g\n", i, f, b, f / (roof * (0.05 + 0.9 * rand())) } }'
}
kernels 10000 > "$dir/k1e4.csv"
kernels 1000000 > "$dir/k1e6.csv"

measure() { # label, then the command; prints wall seconds and peak memory
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$dir/t" "$@" > /dev/null
  read -r s kb < "$dir/t"
  printf '| %s | %s s | %d MB |\n' "$label" "$s" $((kb / 1024))
}
echo "| what | wall | peak memory |"
echo "|---|---|---|"
measure "export PNG, 10^4 kernels (<= 0.5 s)" "$roofline" export "$dir/k1e4.csv" --hw h100-sxm5 --precision bf16 -o "$dir/f.png"
measure "export SVG, 10^4 kernels (<= 0.5 s)" "$roofline" export "$dir/k1e4.csv" --hw h100-sxm5 --precision bf16 -o "$dir/f.svg"
for format in csv json; do # to a file, as a user keeps it (sh execs roofline: its own memory)
  measure "analyze 10^6 rows to ${format^^} (<= 5 s, 500 MB)" \
    sh -c "exec \"\$0\" analyze \"\$1\" --hw h100-sxm5 --precision bf16 --format $format > \"\$2\"" \
    "$roofline" "$dir/k1e6.csv" "$dir/a.$format"
done

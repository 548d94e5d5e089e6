#!/bin/bash
# usage: ab.sh OUTDIR ROUNDS ; alternates new (m48) and old (m48base), bare and --after-recall
out=$1; rounds=${2:-4}; mkdir -p $out
run() { # name dir extra
  local name=$1 dir=$2; shift 2
  echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) $name" >> $out/log
  (cd $dir && .venv/bin/python benchmarks/write_path.py --messages 200 --json --burst-users 0 --burst-singles 0 "$@" > $out/$name.json 2>$out/$name.err)
}
for r in $(seq 1 $rounds); do
  if [ $((r % 2)) -eq 1 ]; then order="new old"; else order="old new"; fi
  for who in $order; do
    d=/work/wt/m48; [ $who = old ] && d=/work/wt/m48base
    run r${r}-$who $d
  done
  for who in $order; do
    d=/work/wt/m48; [ $who = old ] && d=/work/wt/m48base
    run r${r}-$who-ar $d --after-recall
  done
done
echo "$(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) end" >> $out/log

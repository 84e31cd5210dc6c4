#!/usr/bin/env bash
# pipeline-snapshot.sh DIR: writes, for every lit input (test/lit/**.mlir),
# every bench workload (bench/workloads/*.mlir) and every example, the
# output of `bcast-opt --split-input-file --pipeline=cpu` and of the same
# with `--emit=llvm --target=x86_64-linux-gnu` (stdout, stderr and exit
# status) into DIR. Two snapshots taken before and after a refactoring
# compare with `diff -r`: a behaviour-preserving change leaves them
# byte-identical.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/pipeline-snapshot.sh DIR}
mkdir -p "$out"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/bcast-opt" ./cmd/bcast-opt
n=0
while IFS= read -r f; do
  key=$(echo "$f" | tr '/' '_')
  for mode in cpu llvm; do
    args=(--split-input-file --pipeline=cpu --allow-unregistered-dialect)
    if [ "$mode" = llvm ]; then args+=(--emit=llvm --target=x86_64-linux-gnu); fi
    set +e
    "$bin/bcast-opt" "$f" "${args[@]}" >"$out/$key.$mode.out" 2>"$out/$key.$mode.err"
    echo $? >"$out/$key.$mode.rc"
    set -e
  done
  n=$((n + 1))
done < <(find test/lit bench/workloads examples lower/llvm/testdata passes/testdata -name '*.mlir' | sort)
echo "$n inputs written to $out"

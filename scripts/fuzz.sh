#!/usr/bin/env bash
# Runs every libFuzzer target of the sanitize preset (build-sanitize/fuzz/*_fuzz) for SECONDS each, from its
# seed corpus fuzz/corpus/<target>/ (a puzzle's input target NAME_input_fuzz: puzzles/NAME/samples/
# and puzzles/NAME/tests/corpus/) plus what earlier runs found (build-sanitize/corpus/<target>/),
# with the dictionary build-sanitize/fuzz/<target>.dict (written by the build: options_fuzz's, with each
# puzzle's entries) or fuzz/<target>.dict where there is one.
# Fails if any target finds a crash, a leak, a timeout or runs out of memory, printing the path of
# the input that did it; replay one with build-sanitize/fuzz/<target> PATH.
# Usage: scripts/fuzz.sh SECONDS [TARGET...]   (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: $0 SECONDS [TARGET...]}
shift
build=build-sanitize
if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for binary in "$build"/fuzz/*_fuzz; do targets+=("$(basename "$binary")"); done
fi

started="$build/fuzz-started"
touch "$started"
failed=()
for target in "${targets[@]}"; do
  corpus="$build/corpus/$target" artifacts="$build/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096
           -print_final_stats=1 -artifact_prefix="$artifacts/")
  for dictionary in "$build/fuzz/$target.dict" "fuzz/$target.dict"; do
    if [ -f "$dictionary" ]; then options+=(-dict="$dictionary"); break; fi
  done
  echo "fuzz: $target for ${seconds}s"
  seeds=("fuzz/corpus/$target")
  if [[ $target == *_input_fuzz ]]; then  # a puzzle's input: its samples and its own seeds
    puzzle=puzzles/${target%_input_fuzz}
    seeds=("$puzzle/samples")
    [ -d "$puzzle/tests/corpus" ] && seeds+=("$puzzle/tests/corpus")
  fi
  if ! "$build/fuzz/$target" "${options[@]}" "$corpus" "${seeds[@]}" >"$build/$target.log" 2>&1; then
    tail -n 40 "$build/$target.log"
    failed+=("$target")
  fi
  grep -h '^stat::number_of_executed_units\|^stat::new_units_added' "$build/$target.log" | tr '\n' ' ' || true
  echo
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}; the inputs that failed:" >&2
  for target in "${failed[@]}"; do
    find "$build/artifacts/$target" -type f -newer "$started" | sed 's/^/  /' >&2
  done
  exit 1
fi
echo "fuzz: ${#targets[@]} targets, ${seconds}s each: no findings"

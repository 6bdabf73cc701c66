#!/usr/bin/env bash
# plumb serve under load (bench/serve_load.cpp): 2,000 requests from 32 clients on the loopback
# address, the mix of every registered puzzle's bench/serve_requests.jsonl (the folders listed in
# BUILD_DIR/generated/puzzle_folders.tsv, BENCH_BIN's parent), with 2 searches at once, twice: with a queue of 32 (every client waits its turn) and of 8
# (the clients past it get 503 at once); after each, the server's peak and final resident memory and
# its exit status after SIGTERM (0: it stopped cleanly). Bounded: every request has a time limit and
# each run a timeout.
set -euo pipefail
out=$(mktemp)
trap 'rm -f "$out"' EXIT
requests=()
while IFS=$'\t' read -r _ folder; do
  [ -e "$folder/bench/serve_requests.jsonl" ] && requests+=("$folder/bench/serve_requests.jsonl")
done <"$BENCH_BIN/../generated/puzzle_folders.tsv"
status=0
for queue in 32 8; do
  echo "### --threads 2 --queue $queue"
  "$PLUMB" serve --port 0 --databases none --threads 2 --queue "$queue" --time-limit 2 >"$out" &
  server=$!
  for _ in $(seq 50); do grep -q http "$out" && break; sleep 0.1; done
  port=$(grep -o ':[0-9][0-9]*/' "$out" | tr -d ':/')
  timeout 600 "$BENCH_BIN/serve_load" "$port" 2000 32 "${requests[@]}" || status=$?
  grep -E 'VmHWM|VmRSS' "/proc/$server/status" | sed 's/^/server /'
  kill -TERM "$server"
  if wait "$server"; then echo "server stopped cleanly (exit 0)"; else echo "server exit $?"; status=1; fi
done
exit $status

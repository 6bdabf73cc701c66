#!/usr/bin/env bash
# Checks an installed plumb package as a user meets it, on the machine where it is installed (make
# fresh-test runs it in a fresh chroot): `plumb solve` of every sample equals its expected output
# (scripts/demo.sh), `plumb serve` answers a request, `man plumb` shows the page, the bash completion
# loads, and python3 imports plumb where the package holds the Python module.
# Usage: scripts/check-installed.sh PUZZLES_DIR   (the samples of NAME in NAME/samples; demo.sh beside)
set -euo pipefail
here=$(dirname "$0")
puzzles=$1

plumb --version
"$here/demo.sh" plumb "$puzzles"

# plumb serve on a free port (no pattern databases: their build takes minutes), asked for its
# puzzles with bash's /dev/tcp (nothing else to install).
log=$(mktemp)
plumb serve --port 0 --databases none >"$log" 2>&1 &
server=$!
# The server is stopped and waited for before the script ends: make fresh-test unmounts the
# chroot's /proc right after, which fails while any process still runs there.
stop_server() {
  kill "$server" 2>/dev/null || true
  for _ in $(seq 600); do  # a minute, then SIGKILL should it ever ignore SIGTERM
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -f "$log"
}
trap stop_server EXIT
# Up to two minutes for the first line, however loaded the machine (it takes milliseconds).
for _ in $(seq 1200); do
  grep -q "serving on" "$log" && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
read -r host port < <(sed -n 's|.*serving on http://\([0-9.]*\):\([0-9]*\)/.*|\1 \2|p' "$log") || true
if [ -z "${port:-}" ]; then
  echo "check-installed: plumb serve did not start:" >&2
  cat "$log" >&2
  exit 1
fi
exec 3<>"/dev/tcp/$host/$port"
printf 'GET /api/puzzles HTTP/1.0\r\nHost: %s\r\nConnection: close\r\n\r\n' "$host" >&3
reply=$(timeout 10 cat <&3 || true)
exec 3<&-
if ! grep -q '^HTTP/1.[01] 200' <<<"$reply" || ! grep -q '"sliding"' <<<"$reply"; then
  echo "check-installed: plumb serve did not answer GET /api/puzzles: ${reply:0:300}" >&2
  exit 1
fi
echo "check-installed: plumb serve answered GET /api/puzzles on port $port"

man -w plumb
page=$(MANWIDTH=80 man plumb 2>&1)
if ! grep -q "EXIT STATUS" <<<"$page" || ! grep -q -- "--format" <<<"$page"; then
  echo "check-installed: man plumb does not show the page: ${page:0:300}" >&2
  exit 1
fi
echo "check-installed: man plumb shows $(wc -l <<<"$page") lines"

bash -c 'source /usr/share/bash-completion/completions/plumb && complete -p plumb'

if dpkg -L plumb | grep -q '/dist-packages/'; then
  python3 -c 'import plumb; print("check-installed: python3 imports plumb from", plumb.__file__)'
fi
echo "check-installed: the installed package works"

#!/usr/bin/env bash
# Installs plumb from a build tree into a temporary prefix and builds examples/ against it with
# find_package(plumb), as another project would; checks that the program finds its companion, that
# the manual page and the shell completions are installed, that the installed server serves the
# page libraries the build bundled and, when the build has the Python package, that
# Python imports it from where it was installed.
# Usage: scripts/check-install.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S examples -B "$prefix/examples-build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix/examples-build" >/dev/null
"$prefix/bin/plumb" --version
# What the build generates from the program: the manual page and the completions.
for file in share/man/man1/plumb.1.gz share/bash-completion/completions/plumb \
  share/zsh/vendor-completions/_plumb share/fish/vendor_completions.d/plumb.fish; do
  [ -s "$prefix/$file" ] || { echo "check-install: $file is not installed"; exit 1; }
done
# plumb hands `plumb serve` to its companion, installed in libexec/plumb. The server's first line
# says where it serves; it serves every page library the build bundled (build/page-libraries/NAME).
mkfifo "$prefix/serve.out"
"$prefix/bin/plumb" serve --port 0 --databases none >"$prefix/serve.out" &
server_pid=$!
exec {serve_out}<"$prefix/serve.out"
read -r -t 120 line <&"$serve_out" || line=""
address=$(grep -o 'http://[^ ]*/' <<<"$line" || true)
unserved=()
for library in "$build"/page-libraries/*/index.js; do
  [ -e "$library" ] || continue
  name=$(basename "$(dirname "$library")")
  served=$(python3 -c 'import sys, urllib.request; print(len(urllib.request.urlopen(sys.argv[1]).read()))' \
    "${address}lib/$name/index.js" 2>/dev/null || echo 0)
  [ "$served" -gt 0 ] || unserved+=("$name")
done
kill "$server_pid"
wait "$server_pid" || true
exec {serve_out}<&-
[ -n "$address" ] || { echo "check-install: the installed plumb cannot serve"; exit 1; }
if [ ${#unserved[@]} -gt 0 ]; then
  echo "check-install: the installed plumb does not serve the page library of ${unserved[*]}"
  exit 1
fi
"$prefix/examples-build/hanoi" 5 | head -1
site=$(sed -n 's/^PLUMB_PYTHON_INSTALL_DIR:PATH=//p' "$build/CMakeCache.txt")
python=$(sed -n 's/^Python3_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt")
if [ -n "$site" ] && [ -e "$build/python/plumb/__init__.py" ]; then
  (cd "$prefix" && PYTHONPATH="$prefix/$site" "$python" -c \
    'import plumb; print("plumb", plumb.__version__, "for Python from", plumb.__file__)')
fi
echo "check-install: find_package(plumb) works from $prefix"

#!/usr/bin/env bash
# Installs, with apt-get, the Debian packages plumb needs and that are missing.
# Usage: scripts/install-deps.sh [build|check|bench|web|package|all]   (default: build)
#   build: compiler, CMake, Ninja, the libraries the program and the tests use, Open MPI (for
#          explore across processes; the build works without it), and pybind11, Python's headers,
#          numpy, pytest and matplotlib for the Python package and its tests (docs/python.md)
#   check: also Clang and its sanitizer and libFuzzer runtimes, for make tsan, fuzz and fuzz-ci,
#          and ccache, through which CI builds (.ci/run)
#   bench: also LEMON and Boost.Graph, which only the comparison benchmarks link
#   web:   also Node.js, npm and chromium, and (npm ci) Playwright in tests/web, for the browser
#          tests of `plumb serve`'s page, and each puzzle's page library (puzzles/*/page-library:
#          twisty's is cubing.js, its 3D view)
#   package: also what make package and make fresh-test use: dpkg-dev and file (CPack's computed
#          dependencies), lintian, mmdebstrap
set -euo pipefail

build_packages=(g++ cmake ninja-build make pkg-config libcli11-dev libfmt-dev nlohmann-json3-dev
                libgtest-dev libgmock-dev libbenchmark-dev clang-format libcpp-httplib-dev
                libopenmpi-dev openmpi-bin groff-base pybind11-dev python3-dev python3-numpy
                python3-pytest python3-matplotlib)
check_packages=(clang libclang-rt-14-dev ccache)
bench_packages=(liblemon-dev libboost-graph-dev hyperfine)
package_packages=(dpkg-dev file lintian mmdebstrap)
web_packages=(chromium)
# Node.js may come from elsewhere than Debian (NodeSource's package carries npm): only what is missing.
command -v node >/dev/null || web_packages+=(nodejs)
command -v npm >/dev/null || web_packages+=(npm)

wanted=("${build_packages[@]}")
case "${1:-build}" in
  build) ;;
  check) wanted+=("${check_packages[@]}") ;;
  bench) wanted+=("${bench_packages[@]}") ;;
  web) wanted+=("${web_packages[@]}") ;;
  package) wanted+=("${package_packages[@]}") ;;
  all) wanted+=("${check_packages[@]}" "${bench_packages[@]}" "${web_packages[@]}" "${package_packages[@]}") ;;
  *) echo "usage: $0 [build|check|bench|web|package|all]" >&2; exit 2 ;;
esac

# npm's modules of FOLDER as its package-lock.json pins them (npm ci), unless node_modules is newer
# than the lock and holds every package named after FOLDER.
npm_ci() {
  local folder=$1 package
  local dir="$(dirname "$0")/../$folder"
  shift
  local installed=1
  for package in "$@"; do [ -d "$dir/node_modules/$package" ] || installed=0; done
  [ $installed -eq 1 ] && [ "$dir/node_modules/.package-lock.json" -nt "$dir/package-lock.json" ] &&
    return 0
  echo "install-deps: npm ci in $folder"
  (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
}

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Playwright drives Debian's chromium, so it downloads no browser. A puzzle's page library
# (puzzles/NAME/page-library: npm modules its page loads, with esbuild, which bundles them into the
# build tree) is installed with its dependencies.
case "${1:-build}" in
  web | all)
    npm_ci tests/web playwright-core @axe-core/playwright
    for library in "$(dirname "$0")"/../puzzles/*/page-library/package.json; do
      [ -e "$library" ] || continue
      folder=${library#"$(dirname "$0")/../"}
      # shellcheck disable=SC2046  # the package names, one word each
      npm_ci "${folder%/package.json}" esbuild $(node -e 'const p = require(process.argv[1]);
        console.log(Object.keys(p.dependencies || {}).join(" "))' "$(realpath "$library")")
    done
    ;;
esac

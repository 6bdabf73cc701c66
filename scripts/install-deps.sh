#!/usr/bin/env bash
# Installs, with apt-get, the Debian packages plumb needs and that are missing.
# Usage: scripts/install-deps.sh [build|check|bench|all]   (default: build)
#   build: compiler, CMake, Ninja, the libraries the program and the tests use, and Open MPI (for
#          explore across processes; the build works without it)
#   check: also Clang and its sanitizer and libFuzzer runtimes, for make tsan, fuzz and fuzz-ci
#   bench: also LEMON and Boost.Graph, which only the comparison benchmarks link
set -euo pipefail

build_packages=(g++ cmake ninja-build make pkg-config libcli11-dev libfmt-dev nlohmann-json3-dev
                libgtest-dev libgmock-dev libbenchmark-dev clang-format libopenmpi-dev openmpi-bin)
check_packages=(clang libclang-rt-14-dev)
bench_packages=(liblemon-dev libboost-graph-dev hyperfine)

wanted=("${build_packages[@]}")
case "${1:-build}" in
  build) ;;
  check) wanted+=("${check_packages[@]}") ;;
  bench) wanted+=("${bench_packages[@]}") ;;
  all) wanted+=("${check_packages[@]}" "${bench_packages[@]}") ;;
  *) echo "usage: $0 [build|check|bench|all]" >&2; exit 2 ;;
esac

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"

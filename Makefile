# The two commands that do everything on a fresh Debian machine:
#   make demo   installs missing dependencies, builds the program, and solves a sample of every puzzle
#   make test   the same set-up, then every test, the page's in chromium too, and the build with one
#               more puzzle folder (scripts/check-extra-puzzle.sh); `make sanitize` runs the tests,
#               but for the browser's, under ASan and UBSan (Clang), whose build has the fuzz targets
# Also: make tsan (the multi-threaded tests under ThreadSanitizer, built with Clang), make test-long
# (the tests too slow for make test: the 24-puzzles' databases on MPI), make fuzz (each
# libFuzzer target for FUZZ_SECONDS; make fuzz-ci: FUZZ_CI_SECONDS, as CI does; docs/reliability.md),
# make bench (benchmarks, see BENCHMARKS.md), make python (the Python package into build/python:
# PYTHONPATH=build/python python3 -c 'import plumb'; docs/python.md), make format,
# make install PREFIX=... (the program, the library and the Python package), make clean;
# make package (the Debian package build-package/plumb_VERSION_amd64.deb, checked by lintian) and
# make fresh-test (a clone's make demo and the package installed, each on a fresh Debian chroot;
# docs/packaging.md).
# `make` builds the release preset, whose warnings are not fatal; the dev, sanitize and CI builds make
# them errors.
PREFIX ?= /usr/local
PLUMB  := build/plumb
FUZZ_SECONDS    ?= 300
FUZZ_CI_SECONDS ?= 10

.PHONY: deps check-deps web-deps build python demo test test-long sanitize tsan fuzz-build fuzz fuzz-ci bench format install clean package fresh-test

deps:
	@scripts/install-deps.sh build

check-deps:
	@scripts/install-deps.sh check

web-deps:
	@scripts/install-deps.sh web

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release

python: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release --target plumb_python

demo: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release --target plumb
	@scripts/demo.sh $(PLUMB) puzzles

test: web-deps build
	@cmake --preset release -DPLUMB_REQUIRE_BROWSER_TESTS=ON >/dev/null
	@ctest --preset release
	@scripts/check-install.sh build
	@scripts/check-extra-puzzle.sh

# The tests left out of make test for their time (the 24-puzzles' databases on MPI), on their own.
test-long: build
	@PLUMB_LONG_TESTS=1 ctest --preset release -R TwentyFour

sanitize: check-deps
	@cmake --preset sanitize >/dev/null
	@cmake --build --preset sanitize
	@ctest --preset sanitize

tsan: check-deps
	@cmake --preset tsan >/dev/null
	@cmake --build --preset tsan
	@ctest --preset tsan

fuzz-build: check-deps
	@cmake --preset sanitize >/dev/null
	@cmake --build --preset sanitize --target plumb_fuzz_targets

fuzz: fuzz-build
	@scripts/fuzz.sh $(FUZZ_SECONDS)

fuzz-ci: fuzz-build
	@scripts/fuzz.sh $(FUZZ_CI_SECONDS)

bench: build
	@scripts/install-deps.sh bench
	@cmake --preset bench >/dev/null
	@cmake --build --preset bench
	@bench/run.sh build-bench

format:
	@git ls-files '*.hpp' '*.cpp' | xargs clang-format -i

package:
	@scripts/install-deps.sh package
	@cmake --preset package >/dev/null
	@cmake --build --preset package
	@rm -f build-package/plumb_*.deb
	@cd build-package && cpack -G DEB
	@lintian --fail-on error build-package/plumb_*.deb

fresh-test:
	@scripts/install-deps.sh package
	@scripts/fresh-test.sh

install: build
	@cmake --install build --prefix $(PREFIX)

clean:
	@rm -rf build build-extra-puzzle build-dev build-sanitize build-tsan build-bench build-package build-pip

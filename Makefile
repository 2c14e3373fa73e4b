# The two commands: `make play` (set up, then play the engine in the terminal) and
# `make test` (build everything and run every test). Everything else here serves those two.

CARGO  ?= cargo
LEVEL  ?= club
COLOR  ?= red
SHELL  := /bin/bash

XIANGQI := target/release/xiangqi

.PHONY: play test build lint rust-test slow-test perft bench clean ffi header header-check c-test fuzz

# C tests: warnings are errors, AddressSanitizer and UndefinedBehaviorSanitizer on.
CC      ?= gcc
CXX     ?= g++
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
CFLAGS_TEST   := -std=c11 -Wall -Wextra -Wpedantic -Werror -g $(SANITIZE) -Iinclude
CXXFLAGS_TEST := -std=c++17 -Wall -Wextra -Wpedantic -Werror -g $(SANITIZE) -Iinclude
LIBDIR  := $(CURDIR)/target/release
SHARED_LINK := -L$(LIBDIR) -lxiangqi -Wl,-rpath,$(LIBDIR)
STATIC_LINK := $(LIBDIR)/libxiangqi.a -lpthread -ldl -lm
C_TESTS := $(basename $(notdir $(wildcard tests-c/*.c)))
CXX_TESTS := $(basename $(notdir $(wildcard tests-c/*.cpp)))

## Set everything up and start a game against the engine (LEVEL=beginner|casual|club|strong|master, COLOR=red|black).
play: build
	$(XIANGQI) play --level $(LEVEL) --color $(COLOR)

build:
	$(CARGO) build --release --bin xiangqi

## Build and run every test: formatting, lints, Rust tests, the C header check, C and C++ tests,
## Python tests (with the example notebook and the typing-stub check).
test: lint rust-test header-check c-test python-test

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Tests build with the `test` profile (optimised, debug assertions and overflow checks on).
rust-test:
	$(CARGO) test --workspace
	$(CARGO) test -p xiangqi-core --all-features

## The slow perft checks (depth 5 of the whole suite, depth 6 of the start position).
slow-test:
	$(CARGO) test -p xiangqi-core --test perft_suite -- --ignored

perft: build
	$(XIANGQI) perft --fen startpos --depth 5
	$(XIANGQI) perft --fen startpos --depth 6 --threads 2

ffi:
	$(CARGO) build --release -p xiangqi-ffi

## Regenerate include/xiangqi.h from xiangqi-ffi (commit the result).
header:
	$(CARGO) run --release -p xiangqi-ffi --features header --bin xiangqi-header

## Fail when the committed header differs from what the sources generate.
header-check:
	$(CARGO) run -p xiangqi-ffi --features header --bin xiangqi-header -- --check

## Every C program in tests-c/, linked against the shared and the static library, then the C++ ones.
c-test: ffi
	@mkdir -p target/c-tests
	@set -e; for t in $(C_TESTS); do \
		$(CC) $(CFLAGS_TEST) tests-c/$$t.c -o target/c-tests/$$t-shared $(SHARED_LINK); \
		$(CC) $(CFLAGS_TEST) tests-c/$$t.c -o target/c-tests/$$t-static $(STATIC_LINK); \
		echo "== $$t (shared)"; target/c-tests/$$t-shared; \
		echo "== $$t (static)"; target/c-tests/$$t-static; \
	done
	@awk '/^```c$$/{on=1;next} /^```$$/{on=0} on' README.md > target/c-tests/readme.c
	$(CC) $(CFLAGS_TEST) target/c-tests/readme.c -o target/c-tests/readme $(SHARED_LINK)
	@echo "== README's C example"; target/c-tests/readme
	@set -e; for t in $(CXX_TESTS); do \
		$(CXX) $(CXXFLAGS_TEST) tests-c/$$t.cpp -o target/c-tests/$$t $(SHARED_LINK) -lpthread; \
		echo "== $$t (C++)"; target/c-tests/$$t; \
	done

## Fuzz every parser for FUZZ_SECONDS each (needs the nightly toolchain and `cargo install cargo-fuzz`).
FUZZ_SECONDS ?= 60
fuzz:
	@set -e; for t in fen move_text pgn; do \
		(cd fuzz && cargo +nightly fuzz run -O $$t -- -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048); \
	done

clean:
	$(CARGO) clean

# ----- Python: the `xiangqi` package (xiangqi-py/) built by maturin into a local venv -----------

PYTHON  ?= python3
VENV    := .venv
VENV_PY := $(VENV)/bin/python
PY_REQS := xiangqi-py/requirements-dev.txt
PY_STAMP := $(VENV)/.installed

.PHONY: python-venv python-build python-test python-stubtest python-notebook python-bench

## The venv with the build and test tools (recreated when the requirements change).
$(PY_STAMP): $(PY_REQS)
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --upgrade pip
	$(VENV_PY) -m pip install --quiet -r $(PY_REQS)
	touch $@

python-venv: $(PY_STAMP)

## Compile the extension (release) and install the package into the venv, editable.
python-build: $(PY_STAMP)
	cd xiangqi-py && VIRTUAL_ENV=$(abspath $(VENV)) $(abspath $(VENV))/bin/maturin develop --release --quiet

## The Python test suite (it runs the example notebook too), then the stub check.
python-test: python-build build
	$(VENV_PY) -m pytest python-tests -q
	$(MAKE) --no-print-directory python-stubtest

## The typing stubs must match the compiled module; the package must type-check.
python-stubtest: python-build
	$(VENV_PY) -m mypy.stubtest xiangqi._xiangqi
	$(VENV_PY) -m mypy xiangqi-py/python/xiangqi xiangqi-py/benches

## Execute the example notebook in place (outputs saved).
python-notebook: python-build
	$(VENV_PY) -m jupyter execute --inplace examples/tour.ipynb

## Python-side speed: plies/s of a Python loop (vs cchess) and VecEnv steps/s.
python-bench: python-build
	$(VENV_PY) xiangqi-py/benches/python_bench.py

# ----- puzzles (data/puzzles/puzzles.tsv, mined by `xiangqi puzzles mine`) ----------------------
.PHONY: puzzles-verify

## Re-verify every shipped puzzle with the deep search that passed it (slow).
puzzles-verify: build
	$(XIANGQI) puzzles verify data/puzzles/puzzles.tsv --nodes 150000 --threads 2

# The two commands: `make play` (set up, then play the engine in the terminal) and
# `make test` (build everything and run every test). Everything else here serves those two.

CARGO  ?= cargo
LEVEL  ?= club
COLOR  ?= red
SHELL  := /bin/bash

XIANGQI := target/release/xiangqi

.PHONY: play test build lint rust-test slow-test perft perft-compare bench clean ffi header header-check c-test fuzz \
	install c-install-test c-tools stress

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
# Every C and C++ test program runs under a deadline (they also set alarm() themselves).
RUN_C   := timeout 300
CXX_TESTS := $(basename $(notdir $(wildcard tests-c/*.cpp)))

## Set everything up and start a game against the engine (LEVEL=beginner|casual|club|strong|master, COLOR=red|black).
play: build
	$(XIANGQI) play --level $(LEVEL) --color $(COLOR)

build:
	$(CARGO) build --release --bin xiangqi

## Build and run every test: formatting, lints, Rust tests, the C header check, C and C++ tests,
## Python tests (with the example notebook and the typing-stub check), the README's Python
## install in a fresh virtual environment, the play page in a browser.
test: lint rust-test header-check c-test python-test python-install-test web-test

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

## Perft beside Pikafish, one thread each: depth 5 from the start and the suite at depth 4, CPU
## seconds and the ratio (PIKAFISH=/path/to/pikafish, built from its public source outside this
## repository; nothing here builds it). See docs/speed.md.
perft-compare: build
	@if [ -z "$(PIKAFISH)" ] || [ ! -x "$(PIKAFISH)" ]; then \
		echo "make perft-compare PIKAFISH=/path/to/pikafish (a Pikafish binary; see docs/speed.md)"; exit 1; \
	fi
	python3 tools/perft_compare.py --pikafish "$(PIKAFISH)" --xiangqi $(XIANGQI)

ffi:
	$(CARGO) build --release -p xiangqi-ffi

# ----- Installing the C library: header, shared and static library, pkg-config, CMake package ---

PREFIX  ?= /usr/local
DESTDIR ?=
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
INSTALL_LIB := $(DESTDIR)$(PREFIX)/lib
INSTALL_INCLUDE := $(DESTDIR)$(PREFIX)/include

## Install the C library under PREFIX (default /usr/local; DESTDIR is honoured): include/xiangqi.h,
## lib/libxiangqi.so and .a, lib/pkgconfig/xiangqi.pc and lib/cmake/xiangqi/ (find_package).
install: ffi
	install -d $(INSTALL_INCLUDE) $(INSTALL_LIB)/pkgconfig $(INSTALL_LIB)/cmake/xiangqi
	install -m 644 include/xiangqi.h $(INSTALL_INCLUDE)/xiangqi.h
	install -m 755 $(LIBDIR)/libxiangqi.so $(INSTALL_LIB)/libxiangqi.so
	install -m 644 $(LIBDIR)/libxiangqi.a $(INSTALL_LIB)/libxiangqi.a
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' xiangqi-ffi/install/xiangqi.pc.in \
		> $(INSTALL_LIB)/pkgconfig/xiangqi.pc
	install -m 644 xiangqi-ffi/install/xiangqiConfig.cmake $(INSTALL_LIB)/cmake/xiangqi/xiangqiConfig.cmake
	sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@VERSION_MAJOR@|$(firstword $(subst ., ,$(VERSION)))|g' \
		xiangqi-ffi/install/xiangqiConfigVersion.cmake.in > $(INSTALL_LIB)/cmake/xiangqi/xiangqiConfigVersion.cmake

## cmake and pkg-config for the install test: installed with apt-get when missing and running as root.
c-tools:
	@if ! command -v cmake >/dev/null || ! command -v pkg-config >/dev/null; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get install -y -qq cmake pkg-config || { apt-get update -qq && apt-get install -y -qq cmake pkg-config; }; \
		else \
			echo "the C install test needs cmake and pkg-config: apt-get install -y cmake pkg-config (as root)"; exit 1; \
		fi; \
	fi

C_PREFIX := $(CURDIR)/target/c-tests/prefix
CXXFLAGS_INSTALLED := -std=c++17 -Wall -Wextra -Wpedantic -Werror -g $(SANITIZE)

## Install into a prefix under target/, then build the C++ example against that copy twice: with
## `pkg-config --cflags --libs xiangqi`, and with CMake's find_package(xiangqi) (shared and static).
c-install-test: c-tools
	rm -rf $(C_PREFIX) target/c-tests/cmake
	$(MAKE) --no-print-directory install PREFIX=$(C_PREFIX) DESTDIR=
	@! grep -n 'example.invalid' $(C_PREFIX)/lib/pkgconfig/xiangqi.pc
	PKG_CONFIG_PATH=$(C_PREFIX)/lib/pkgconfig pkg-config --validate xiangqi
	# The README's pkg-config line (rpath from pkg-config's libdir).
	export PKG_CONFIG_PATH=$(C_PREFIX)/lib/pkgconfig; \
	$(CXX) $(CXXFLAGS_INSTALLED) tests-c/example_match.cpp -o target/c-tests/example_match-pkgconfig \
		$$(pkg-config --cflags --libs xiangqi) -Wl,-rpath,$$(pkg-config --variable=libdir xiangqi) -lpthread
	@ldd target/c-tests/example_match-pkgconfig | grep -q '$(C_PREFIX)/lib/libxiangqi.so' \
		|| { echo "example_match-pkgconfig does not use the installed library"; exit 1; }
	@echo "== example_match (installed, pkg-config)"; target/c-tests/example_match-pkgconfig
	cmake -S tests-c/install -B target/c-tests/cmake -DCMAKE_PREFIX_PATH=$(C_PREFIX) \
		-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS=$(SANITIZE)" > /dev/null
	cmake --build target/c-tests/cmake > /dev/null
	@echo "== example_match (installed, CMake, shared)"; target/c-tests/cmake/example_match_shared
	@echo "== example_match (installed, CMake, static)"; target/c-tests/cmake/example_match_static

## Regenerate include/xiangqi.h from xiangqi-ffi (commit the result).
header:
	$(CARGO) run --release -p xiangqi-ffi --features header --bin xiangqi-header

## Fail when the committed header differs from what the sources generate.
header-check:
	$(CARGO) run -p xiangqi-ffi --features header --bin xiangqi-header -- --check

## Every C program in tests-c/, linked against the shared and the static library, then the C++ ones,
## then the install test (c-install-test).
c-test: ffi
	@mkdir -p target/c-tests
	@set -e; for t in $(C_TESTS); do \
		$(CC) $(CFLAGS_TEST) tests-c/$$t.c -o target/c-tests/$$t-shared $(SHARED_LINK); \
		$(CC) $(CFLAGS_TEST) tests-c/$$t.c -o target/c-tests/$$t-static $(STATIC_LINK); \
		echo "== $$t (shared)"; $(RUN_C) target/c-tests/$$t-shared; \
		echo "== $$t (static)"; $(RUN_C) target/c-tests/$$t-static; \
	done
	@awk '/^```c$$/{on=1;next} /^```$$/{on=0} on' README.md > target/c-tests/readme.c
	$(CC) $(CFLAGS_TEST) target/c-tests/readme.c -o target/c-tests/readme $(SHARED_LINK)
	@echo "== README's C example"; $(RUN_C) target/c-tests/readme
	@set -e; for t in $(CXX_TESTS); do \
		$(CXX) $(CXXFLAGS_TEST) tests-c/$$t.cpp -o target/c-tests/$$t $(SHARED_LINK) -lpthread; \
		echo "== $$t (C++)"; $(RUN_C) target/c-tests/$$t; \
	done
	$(MAKE) --no-print-directory c-install-test

## Fuzz every target in fuzz/ for FUZZ_SECONDS each, one after another (needs the nightly
## toolchain and `cargo install cargo-fuzz`). cargo-fuzz's default build: optimized, with debug
## assertions and integer overflow checks on (`-O` would turn them off). Each target starts from
## its seeds in fuzz/corpus/<target>/ (the committed seed-* files) and adds what it finds there.
FUZZ_SECONDS ?= 600
fuzz:
	@set -e; cd fuzz && for t in $$(cargo +nightly fuzz list); do \
		echo "== fuzz $$t for $(FUZZ_SECONDS) s"; \
		cargo +nightly fuzz run $$t -- -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -print_final_stats=1; \
	done

## Long hostile runs, not part of `make test`: random concurrent calls from 8 Python threads,
## a UCI session fed random commands with random timing, one engine switched between xiangqi and
## janggi (Python from two threads and a UCI session at once), the C API from 8 threads (under
## the sanitizers), STRESS_SECONDS each; then `make fuzz` (FUZZ_SECONDS per target).
STRESS_SECONDS ?= 180
stress: build ffi python-build
	$(VENV_PY) tools/stress/python_stress.py --seconds $(STRESS_SECONDS) --threads 8
	$(VENV_PY) tools/stress/uci_stress.py --engine $(XIANGQI) --seconds $(STRESS_SECONDS)
	$(VENV_PY) tools/stress/variant_stress.py --engine $(XIANGQI) --seconds $(STRESS_SECONDS)
	@mkdir -p target/c-tests
	$(CC) $(CFLAGS_TEST) tools/stress/c_stress.c -o target/c-tests/c_stress $(SHARED_LINK) -lpthread
	target/c-tests/c_stress $(STRESS_SECONDS) 8
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SECONDS)

clean:
	$(CARGO) clean

# ----- Python: the `xiangqi` package (xiangqi-py/) built by maturin into a local venv -----------

PYTHON  ?= python3
VENV    := .venv
VENV_PY := $(VENV)/bin/python
PY_REQS := xiangqi-py/requirements-dev.txt
PY_STAMP := $(VENV)/.installed

.PHONY: python-venv python-build python-test python-stubtest python-notebook python-bench records-bench ray-bench \
	python-install-test

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

INSTALL_DIR := target/python-install

## The README's Python install as a new user runs it: its `python-install` lines (`pip install
## ./xiangqi-py`, then an import) in a fresh virtual environment, from the repository root; then
## a check that the package imported is the installed copy, not this tree.
python-install-test:
	rm -rf $(INSTALL_DIR) && mkdir -p $(INSTALL_DIR)
	awk '/<!-- python-install/{f=1;next} f&&/^```sh$$/{on=1;next} on&&/^```$$/{exit} on' README.md \
		> $(INSTALL_DIR)/install.sh
	@test -s $(INSTALL_DIR)/install.sh || { echo "README.md has no python-install block"; exit 1; }
	$(PYTHON) -m venv $(INSTALL_DIR)/venv
	set -o pipefail; . $(INSTALL_DIR)/venv/bin/activate && bash -ex $(INSTALL_DIR)/install.sh | tee $(INSTALL_DIR)/out.txt
	@tail -n 1 $(INSTALL_DIR)/out.txt | grep -qx 44 || { echo "the README's check did not print 44"; exit 1; }
	cd $(INSTALL_DIR) && venv/bin/python -c "import sys, xiangqi; \
		assert xiangqi.__file__.startswith(sys.prefix), xiangqi.__file__; print('installed:', xiangqi.__file__)"

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

## Reading databases: read_games over a folder and a 50,000-game PGN file, beside `xiangqi pgn
## stats` (RECORDS=DIR, e.g. the whole CCPD extracted outside the repository; default: the sample).
records-bench: python-build build
	$(VENV_PY) xiangqi-py/benches/records_bench.py $(if $(RECORDS),--folder $(RECORDS))

## Ray's cost on this machine: a match and self-play locally and on a 2-CPU Ray cluster, twice each.
ray-bench: python-build
	$(VENV_PY) xiangqi-py/benches/ray_bench.py

# ----- The play page: the engine in WebAssembly (xiangqi-wasm/) and the static site in web/ -----

PORT ?= 8000

.PHONY: web-build web web-bench

## Build the static site into web/dist/ (both wasm builds; WEB_THREADS=0 for the single-thread one only).
web-build:
	web/build.sh

## Build the site and serve it at http://127.0.0.1:$(PORT) with the COOP/COEP headers threads need.
web: web-build
	python3 web/serve.py --port $(PORT)

## The engine's speed in headless Chromium (1 and 2 threads) beside native `xiangqi bench`.
web-bench: build
	WEB_BROTLI=1 web/build.sh
	[ -d web/node_modules/playwright-core ] || (cd web && npm ci --no-audit --no-fund --silent)
	node web/bench/bench.mjs

.PHONY: web-test

## The play page in headless Chromium (web/tests/, node's test runner, playwright-core). The
## browser is Debian's chromium, never one a tool downloads; installed here when missing (root).
## UPDATE_SCREENSHOTS=1 rewrites docs/play-page-*.png (else they go to target/web-screenshots/).
web-test: web-build
	@if [ ! -x /usr/bin/chromium ]; then \
		apt-get update -qq && apt-get install -y -qq chromium fonts-wqy-microhei; \
	fi
	cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent
	cd web && node --test --test-concurrency=1 --test-timeout=180000 tests/

# ----- the learned evaluation (docs/nnue.md): data and training, long runs outside the repo ----

NNUE_DIR   ?= $(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME),$(HOME)/.cache)/xiangqi/nnue
NNUE_GAMES ?= 200000
NNUE_NODES ?= 1500
NNUE_SEED  ?= 2
NNUE_EVAL  ?= classical
CCPD_DIR   ?= $(NNUE_DIR)/../ccpd

.PHONY: nnue-data nnue-ccpd nnue-train nnue-gen5 nnue-gen6 nnue-gen7 nnue-gen8 nnue-gen9

## Self-play training data at NNUE_NODES nodes a move into NNUE_DIR (resumable: run it again to
## go on; a larger NNUE_GAMES appends).
nnue-data: build
	mkdir -p $(NNUE_DIR)
	$(XIANGQI) nnue gen --games $(NNUE_GAMES) --nodes $(NNUE_NODES) --seed $(NNUE_SEED) \
		--eval $(NNUE_EVAL) --out $(NNUE_DIR)/selfplay-$(NNUE_SEED).bin

## The CCPD master and computer games (../shared/corpus), every position scored at 1000 nodes.
nnue-ccpd: build
	mkdir -p $(CCPD_DIR)
	[ -d $(CCPD_DIR)/Dataset ] || tar xzf ../shared/corpus/ccpd-full.tar.gz -C $(CCPD_DIR)
	$(XIANGQI) nnue score $(CCPD_DIR)/Dataset/對局 --nodes 1000 --eval $(NNUE_EVAL) \
		--out $(NNUE_DIR)/ccpd-1000.bin

# One shipped xiangqi generation rebuilt from its data (docs/nnue.md): $(1) the generation,
# $(2) the variable naming its data files, $(3) their sha256s in the same order, $(4) the
# commit whose shipped net it starts from, $(5) the net's sha256, $(6) the generation's own
# training options. The parent net is trained on the data (checked by its checksums) with the
# recipe every generation since the third used, and the result is checked against the shipped
# net's checksum.
define NNUE_GENERATION
nnue-gen$(1): build
	for pair in $(join $(addsuffix :,$(3)),$$($(2))); do echo "$$$${pair%%:*}  $$$${pair#*:}"; done \
		| sha256sum -c
	mkdir -p $$(NNUE_DIR)/gen$(1)
	git show $(4):xiangqi-search/nets/default.nnue > $$(NNUE_DIR)/gen$(1)/parent.nnue
	$$(XIANGQI) nnue train $$($(2)) --init $$(NNUE_DIR)/gen$(1)/parent.nnue --buckets 8 \
		--epochs 6 --lr 0.0005 --scale auto --seed $(1) --threads 2 $(6) --out $$(NNUE_DIR)/gen$(1)
	echo "$(5)  $$(NNUE_DIR)/gen$(1)/net.nnue" | sha256sum -c
endef

## Generation 5: generation 3 (the shipped net of 72b3ed7) trained on the first 34,891 games of
## selfplay-d21b61d-41.bin (NNUE_GEN5_DATA).
NNUE_GEN5_DATA ?= $(NNUE_DIR)/selfplay-d21b61d-41-34891.bin
$(eval $(call NNUE_GENERATION,5,NNUE_GEN5_DATA,d27138fd498e21fcfd3df89a7996022158f2efe542a20cc38a56afcab65d7f16,72b3ed7,84f448584c13e5ff674e56f1946ee0515507a6ac621bc0a2cf363fa6aa919b69))

## Generation 6 (shipped): generation 5 (the shipped net of 9e44eda) trained on the first 27,234
## games of selfplay-9e44eda-51.bin (NNUE_GEN6_DATA).
NNUE_GEN6_DATA ?= $(NNUE_DIR)/selfplay-9e44eda-51-27234.bin
$(eval $(call NNUE_GENERATION,6,NNUE_GEN6_DATA,c4b237ba528275eac86f5ca3273748e55e413a14aa94ede24b90da38134257cf,9e44eda,5a6db68d09575af6aa29d2685b012fb515d492a738cd5e5243423163036b3267))

## Generation 7: generation 6 (the shipped net of cdbd2f0) made symmetric (twice its
## size) and trained on the first 32,053 games of selfplay-9e44eda-51.bin (NNUE_GEN7_DATA).
NNUE_GEN7_DATA ?= $(NNUE_DIR)/selfplay-9e44eda-51-32053.bin
$(eval $(call NNUE_GENERATION,7,NNUE_GEN7_DATA,b0a5e3f4053d3e2e421945775e7269f717a047b3ac5d31eaadf3cd511f4038f9,cdbd2f0,7e310c8774606b6572a215a0a566331a9217146f92bd72a20c7d8f52b9b68040,--symmetric))

## Generation 8 (shipped): generation 7 (the shipped net of 9047fbe) trained on generation 7's
## data and the first 11,951 games of selfplay-2e39e9d-71.bin, generation 7's own
## (NNUE_GEN8_DATA).
NNUE_GEN8_DATA ?= $(NNUE_DIR)/selfplay-9e44eda-51-32053.bin $(NNUE_DIR)/selfplay-2e39e9d-71-11951.bin
$(eval $(call NNUE_GENERATION,8,NNUE_GEN8_DATA,b0a5e3f4053d3e2e421945775e7269f717a047b3ac5d31eaadf3cd511f4038f9 9df7ba7cc1c71efc51f3a9085bf796e98ea552a09809defaf09c9c81bf20f325,9047fbe,d0eb522a3fdf320b9a5fda1c309926619948635107c5f0fe62dddd4f7a0fc9f6,--symmetric))

## Generation 9 (shipped): generation 8 (the shipped net of 250dab2) trained on generation 8's
## data with all 20,529 games of generation 7's self-play and the first 12,305 games of
## generation 8's own, selfplay-e2a9c5d-81.bin (NNUE_GEN9_DATA).
NNUE_GEN9_DATA ?= $(NNUE_DIR)/selfplay-9e44eda-51-32053.bin $(NNUE_DIR)/selfplay-2e39e9d-71-20529.bin $(NNUE_DIR)/selfplay-e2a9c5d-81-12305.bin
$(eval $(call NNUE_GENERATION,9,NNUE_GEN9_DATA,b0a5e3f4053d3e2e421945775e7269f717a047b3ac5d31eaadf3cd511f4038f9 a446e07bc02cb684d8cd521d4f6c12edc499b9a017d78fe34b86ec32684d7ae6 d4778e368884809c77331dcb797de9f6ea4ec1ee65e24e864b22c415443afc9a,250dab2,edbb4d2403c8e1b5bf821d6a5749a8e311b9ba408108f5098c924123c7c1a249,--symmetric))

## Trains a net on every data file in NNUE_DIR into NNUE_DIR/train (resumable with --resume).
nnue-train: build
	$(XIANGQI) nnue train $(NNUE_DIR)/*.bin --out $(NNUE_DIR)/train --hidden 256 --epochs 40 \
		--scale auto --seed 1 --resume
.PHONY: web-lighthouse

## Lighthouse's mobile preset against the built page in Debian's chromium (reports in
## target/lighthouse/): fails under 95 accessibility, 90 performance or over 0.1 layout shift.
web-lighthouse: web-build
	@if [ ! -x /usr/bin/chromium ]; then \
		apt-get update -qq && apt-get install -y -qq chromium fonts-wqy-microhei; \
	fi
	cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent
	cd web/lighthouse && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --silent
	node web/lighthouse/run.mjs

# ----- puzzles (data/puzzles/puzzles.tsv, mined by `xiangqi puzzles mine`) ----------------------
.PHONY: puzzles-verify puzzles-screen

## Re-verify every shipped puzzle with the deep search that passed it (slow).
puzzles-verify: build
	$(XIANGQI) puzzles verify data/puzzles/puzzles.tsv --nodes 600000 --threads 2

FAIRY_STOCKFISH ?= fairy-stockfish

## Fairy-Stockfish's two best lines (1.5 s each) for the shipped puzzles not yet in
## data/puzzles/puzzles-fsf.tsv, then the screening by them (names every ambiguous puzzle).
## FAIRY_STOCKFISH=/path/to/fairy-stockfish (GPL; run as a separate process, never shipped).
puzzles-screen: build
	nice -n 10 python3 tools/puzzle_second_lines.py --engine $(FAIRY_STOCKFISH) \
		--out data/puzzles/puzzles-fsf.tsv data/puzzles/puzzles.tsv
	$(XIANGQI) puzzles screen data/puzzles/puzzles.tsv --lines data/puzzles/puzzles-fsf.tsv

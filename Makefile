# The two commands: `make play` (set up, then play the engine in the terminal) and
# `make test` (build everything and run every test). Everything else here serves those two.

CARGO  ?= cargo
LEVEL  ?= club
COLOR  ?= red
SHELL  := /bin/bash

XIANGQI := target/release/xiangqi

.PHONY: play test build lint rust-test slow-test perft bench clean ffi header header-check c-test

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

## Build and run every test: formatting, lints, Rust tests, the C header check, C and C++ tests.
test: lint rust-test header-check c-test

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

rust-test:
	$(CARGO) test --workspace --release
	$(CARGO) test --release -p xiangqi-core --all-features

## The slow perft checks (depth 5 of the whole suite, depth 6 of the start position).
slow-test:
	$(CARGO) test --release -p xiangqi-core --test perft_suite -- --ignored

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
	$(CARGO) run --release -p xiangqi-ffi --features header --bin xiangqi-header -- --check

## Every C program in tests-c/, linked against the shared and the static library, then the C++ ones.
c-test: ffi
	@mkdir -p target/c-tests
	@set -e; for t in $(C_TESTS); do \
		$(CC) $(CFLAGS_TEST) tests-c/$$t.c -o target/c-tests/$$t-shared $(SHARED_LINK); \
		$(CC) $(CFLAGS_TEST) tests-c/$$t.c -o target/c-tests/$$t-static $(STATIC_LINK); \
		echo "== $$t (shared)"; target/c-tests/$$t-shared; \
		echo "== $$t (static)"; target/c-tests/$$t-static; \
	done
	@set -e; for t in $(CXX_TESTS); do \
		$(CXX) $(CXXFLAGS_TEST) tests-c/$$t.cpp -o target/c-tests/$$t $(SHARED_LINK) -lpthread; \
		echo "== $$t (C++)"; target/c-tests/$$t; \
	done

clean:
	$(CARGO) clean

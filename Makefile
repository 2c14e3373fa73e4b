# The two commands: `make play` (set up, then play the engine in the terminal) and
# `make test` (build everything and run every test). Everything else here serves those two.

CARGO  ?= cargo
LEVEL  ?= club
COLOR  ?= red
SHELL  := /bin/bash

XIANGQI := target/release/xiangqi

.PHONY: play test build lint rust-test slow-test perft bench clean

## Set everything up and start a game against the engine (LEVEL=beginner|casual|club|strong|master, COLOR=red|black).
play: build
	$(XIANGQI) play --level $(LEVEL) --color $(COLOR)

build:
	$(CARGO) build --release --bin xiangqi

## Build and run every test: formatting, lints, Rust tests.
test: lint rust-test

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

clean:
	$(CARGO) clean

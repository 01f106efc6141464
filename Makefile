# The two commands of the README:
#   make demo   — bootstrap dependencies, build, run the end-to-end example
#   make test   — bootstrap dependencies, build, run every test (lit + cargo)
SHELL := /bin/bash
LLVM_PREFIX ?= /usr/lib/llvm-22
export MLIR_SYS_220_PREFIX := $(LLVM_PREFIX)
export TABLEGEN_220_PREFIX := $(LLVM_PREFIX)
export LLVM_SYS_221_PREFIX := $(LLVM_PREFIX)
export PATH := $(LLVM_PREFIX)/bin:$(PATH)
CARGO ?= cargo
PYTHON ?= python3
BIN := target/debug

.PHONY: all deps build python wheel demo test lit embed cargo-test py-test docs docs-check lint fuzz sanitize nightly clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(CARGO) build --workspace
	$(CARGO) build --release -p wrapc-runtime
	@$(MAKE) --no-print-directory python

# wrapc_torch, the torch.compile backend: its extension is built against the
# installed torch, in place (an editable install). Its wrappers link the
# optimized runtime archive built above.
python:
	@cd python && $(PYTHON) -m pip install -q --no-build-isolation --no-deps -e . 2>&1 | grep -v "Running pip as the 'root' user" || true
	@$(PYTHON) -c "import wrapc_torch._C" || { echo "wrapc_torch failed to build" >&2; exit 1; }

# The wheel a PyTorch user installs (target/wheels): the compiler library
# and the runtime bundled, a manylinux tag (scripts/build-wheel.sh). make
# test builds it again and runs it in a fresh environment (check-wheel.sh).
wheel: deps
	scripts/build-wheel.sh

GENERATED_DOC = "$$(ls -td target/debug/build/wrapc-dialects-*/out | head -1)/docs/WrapDialect.md"

docs: build
	@cp $(GENERATED_DOC) docs/WrapDialect.md
	@echo "docs/WrapDialect.md regenerated from dialects/wrap/*.td"

# The committed dialect reference must be what ODS generates (make docs).
docs-check: build
	@diff -q $(GENERATED_DOC) docs/WrapDialect.md >/dev/null || \
	  { echo "docs/WrapDialect.md is stale: run 'make docs' and commit it" >&2; exit 1; }

# One formatting rule (rustfmt.toml) and no clippy warnings, enforced in CI.
lint: deps
	python3 scripts/check-import-cycles.py
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

demo: build
	@scripts/demo.sh

lit: build
	$(LLVM_PREFIX)/bin/lit -sv test

# The CMake package (CMakeLists.txt at the root) installed into a fresh
# prefix, and examples/embed built and run against it (docs/EMBEDDING.md).
embed: build
	scripts/check-embed.sh

cargo-test: deps
	$(CARGO) test --workspace

py-test: build
	cd python && $(PYTHON) -m pytest -q -p no:cacheprovider tests

# lit, the CMake package, the wheel, cargo test and pytest (the training
# suites once more through the opt-in backward entry), then one closing
# line summing them.
test: docs-check
	@mkdir -p target
	@set -o pipefail; { $(LLVM_PREFIX)/bin/lit -sv test && scripts/check-embed.sh && scripts/check-wheel.sh && $(CARGO) test --workspace --no-fail-fast \
	    && (cd python && $(PYTHON) -m pytest -q -p no:cacheprovider -p no:logging tests) \
	    && (cd python && WRAPC_BACKWARD_ENTRY=wrap $(PYTHON) -m pytest -q -p no:cacheprovider -p no:logging \
	        tests/test_training.py tests/test_autograd_edges.py); } 2>&1 | tee target/test.log; \
	  status=$$?; scripts/test-summary.sh target/test.log; exit $$status

# Mutational fuzzing of everything that reads user input, from the lit
# tests as seeds (see tools/wrapc-dev/src/fuzz.rs); a crash or panic fails.
# FUZZ_SEED picks the case sequence (default: the clock, to explore; CI
# fixes it, so that a run is reproducible).
SECONDS ?= 60
FUZZ_PROFILE ?= debug
FUZZ_SEED ?= $(shell date +%s)
fuzz: deps
	$(CARGO) build $(if $(filter release,$(FUZZ_PROFILE)),--release) -p wrapc-dev
	target/$(FUZZ_PROFILE)/wrapc-dev fuzz --corpus test --seconds $(SECONDS) --seed $(FUZZ_SEED)

# The property tests at nightly size (10,000 cases each; make test runs
# 1,000, and 200 for compute programs), in release mode; then 10,000 random
# PyTorch programs through the torch front end's differential oracle
# (python/tests/test_random_programs.py; make test runs 500). By hand: slow.
NIGHTLY_CASES ?= 10000
NIGHTLY_PROGRAMS ?= 10000
nightly: build
	WRAPC_PROPTEST_CASES=$(NIGHTLY_CASES) $(CARGO) test --release --workspace --test differential \
	    --test compiled_matches_interpreter --test compute_matches_interpreter
	cd python && WRAPC_PROGRAMS=$(NIGHTLY_PROGRAMS) $(PYTHON) -m pytest -q -p no:cacheprovider -p no:logging \
	    tests/test_random_programs.py

# The C ABI test under AddressSanitizer and UndefinedBehaviorSanitizer:
# null arrays, wrong counts, dtypes and ranks, concurrent first calls.
sanitize: build
	@scripts/sanitize.sh

clean:
	$(CARGO) clean

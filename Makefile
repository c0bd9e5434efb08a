# Every target sets up .venv on first use, so a fresh machine needs only python3 and make
# (a C compiler is optional: see the README).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean serve frontend fuzz fuzz-batch fuzz-solver cluster-test empty-board

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,cluster]'
	@# the project's bytecode, written once: where PYTHONDONTWRITEBYTECODE is set (as on this
	@# machine) every command, and every batch or Ray worker, would compile it again at start
	$(BIN)/python -m compileall -q games solver generator commands web cli.py > /dev/null
	touch $(STAMP)

# the demo puzzle goes to demo/ (git-ignored), away from the collection in puzzles/ that the
# tests check file by file
run: $(STAMP)
	$(BIN)/orapa generate --gems base --count 1 --seed 7 --out demo --force
	$(BIN)/orapa solve demo/base-0001.json --show

# --reruns 2: a test that fails only on a loaded machine (timing in browser and solver tests) is
# tried again, and a real failure still fails all three times.
# --max-worker-restart=0: a crashed worker ends the run at once, naming its test (with
# --dist loadgroup, pytest-xdist can wait for ever on a replacement worker)
# -rR: the summary names every test that was tried again, so a flaky one can be found and fixed
# -n 3 on 2 cores: two workers kept the cores about 1.4 busy (browser pages, servers starting,
# subprocesses and budgets on the clock wait); a fresh clone's suite took 17 min 7 s with 2,
# 14 min 58 s to 18 min 56 s with 3, 15 min 5 s after the cuts of 2026-11-27, then 10 min 30 s
# with fixed examples and halved heavy ones (the budget is 15 minutes: see CONTRIBUTING.md)
# --hypothesis-profile=suite: the same examples every run (tests/conftest.py)
test: $(STAMP) frontend
	$(BIN)/python -m pytest -n 3 --dist loadgroup --hypothesis-profile=suite --max-worker-restart=0 --reruns 2 -rR \
		games solver generator commands cli.py tests

# the two-node Ray test at full size: 2,000 files, one node killed mid-batch (make test runs 200)
cluster-test: $(STAMP)
	ORAPA_CLUSTER_FILES=2000 $(BIN)/python -m pytest -q tests/test_ray_cluster.py

# The browser app (web/frontend): npm ci when the lock file changes, a build when any source file
# is newer than the bundle. Without npm it says so and `orapa serve` runs the API alone. (`npm ci`
# refuses a lock file whose other-platform rollup binaries a registry mirror does not list; the
# same lock then installs with `npm install --no-save`.)
FRONTEND := web/frontend
FRONTEND_SOURCES := $(shell find $(FRONTEND)/src -type f 2>/dev/null) $(FRONTEND)/index.html \
	$(FRONTEND)/vite.config.ts $(FRONTEND)/tsconfig.json

frontend: $(FRONTEND)/dist/index.html

$(FRONTEND)/node_modules/.installed: $(FRONTEND)/package-lock.json
	@command -v npm >/dev/null || { echo "npm not found: the browser app is not built"; exit 0; }; \
	cd $(FRONTEND) && { npm ci --no-audit --no-fund || npm install --no-save --no-audit --no-fund; } \
	  && touch node_modules/.installed

$(FRONTEND)/dist/index.html: $(FRONTEND)/node_modules/.installed $(FRONTEND_SOURCES)
	@command -v npm >/dev/null || { echo "npm not found: the browser app is not built"; exit 0; }; \
	cd $(FRONTEND) && npm run build

serve: $(STAMP) frontend
	$(BIN)/orapa serve

bench: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# Full's empty board, counted in parts over several sittings (hours of CPU; each part is kept
# in benchmarks/empty_boards/ as it finishes); SHIP=--ship adds the count to empty_boards.json.
GEMS ?= full
empty-board: $(STAMP)
	$(BIN)/python -m solver.orapa.counting.empty_board_parts --gems $(GEMS) --jobs 2 \
		--progress benchmarks/empty_boards/$(GEMS).jsonl $(SHIP)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

# A longer fuzzing run of the command line (tests/test_fuzz_cli.py, test_fuzz_batch.py): FUZZ_EXAMPLES a test
# (broken files, huge integers, closed and full standard streams, looping directory links), the
# hostile cases of issue 29 (tests/test_cli_hostile.py, tests/test_cli_batch.py), Ctrl-C during
# generate of every preset at INTERRUPT_ROUNDS random moments, then batch under signals and
# crashes at many more random moments than `make test` tries.
FUZZ_EXAMPLES ?= 2000
INTERRUPT_ROUNDS ?= 5
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -n 2 -p no:cacheprovider tests/test_fuzz_cli.py tests/test_fuzz_batch.py
	$(BIN)/python -m pytest -q -n 2 -p no:cacheprovider tests/test_cli_hostile.py tests/test_cli_batch.py
	ORAPA_INTERRUPT_ROUNDS=$(INTERRUPT_ROUNDS) $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_cli_interrupt.py
	$(MAKE) fuzz-batch
	$(MAKE) fuzz-solver

# The solver's property tests with ORAPA_EXAMPLES_SCALE times the random examples `make test`
# gives them (tests/examples.py): tracers, searches, counts, maps and reviews held to their
# references on more states; every test file that takes its counts from tests/examples.py.
ORAPA_EXAMPLES_SCALE ?= 10
EXAMPLE_SCALED_TESTS = $(shell grep -l '^from tests.examples import examples' tests/test_*.py)
fuzz-solver: $(STAMP)
	ORAPA_EXAMPLES_SCALE=$(ORAPA_EXAMPLES_SCALE) $(BIN)/python -m pytest -q -n 2 -p no:cacheprovider \
		$(EXAMPLE_SCALED_TESTS)

fuzz-batch: $(STAMP)
	ORAPA_CRASH_ROUNDS=10 $(BIN)/python -m pytest -q -n 2 tests/test_batch_crash.py

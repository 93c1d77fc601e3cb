# The README's two commands: `make demo` and `make test`. Each creates .venv when missing.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck unit install clean bench fuzz

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Exit 1 is the expected answer on most machines (something needs an NPU or an install), not
# a failed demo; 2 (bad input) and 3 (a bug) still fail it.
demo: $(STAMP)
	$(BIN)/bringup check examples/six-repos || [ $$? -eq 1 ]

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/python -m pytest -q

test: lint typecheck unit

# Side-by-side timings against what users run instead; figures go in the issue notes.
# bench/probe.py needs --torch-python for collect_env; bench/triage.py writes a 1 GB log in /tmp.
bench: $(STAMP)
	$(BIN)/python bench/probe.py
	$(BIN)/python bench/kb_load.py
	$(BIN)/python bench/scan.py
	$(BIN)/python bench/solve.py
	$(BIN)/python bench/triage_eval.py
	$(BIN)/python bench/triage_eval.py --corpus tests/data/triage_heldout
	$(BIN)/python bench/triage_eval.py --corpus tests/data/triage_fresh

# The long fuzz run (tests/fuzz/run.py): FUZZ_INPUTS mutated real inputs per entry point;
# FUZZ_SECONDS (optional) stops each entry point after that many seconds on a shared machine;
# FUZZ_KEEP (optional) is a folder that keeps each failing input with the command rerunning it.
FUZZ_INPUTS ?= 10000
FUZZ_SECONDS ?=
FUZZ_KEEP ?=
fuzz: $(STAMP)
	$(BIN)/python tests/fuzz/run.py --inputs $(FUZZ_INPUTS) $(if $(FUZZ_SECONDS),--seconds $(FUZZ_SECONDS)) $(if $(FUZZ_KEEP),--keep $(FUZZ_KEEP))

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache

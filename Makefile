# Set up a local virtual environment and run the game or the tests.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint setup clean screenshots bench

play: $(STAMP)
	$(BIN)/cardtable

test: $(STAMP) lint
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

# ruff (lint and format check) and mypy (types), at zero findings; settings in pyproject.toml.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

screenshots: $(STAMP)
	$(BIN)/python screenshots/make_screenshots.py

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_playouts.py

clean:
	rm -rf $(VENV) build *.egg-info

# Two commands for a new user: `make run` and `make test`. Both create .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tabletop

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

bench: $(STAMP)
	for b in benchmarks/*_bench.py; do $(BIN)/python $$b || exit 1; done

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tabletop.ui.screenshots docs/screenshots

clean:
	rm -rf $(VENV) build *.egg-info

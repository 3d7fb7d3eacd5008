# Two commands for a new user: `make run` and `make test`. Both create .venv when missing.
# `make package` builds the one-folder app dist/tabletop/; `make package-test` builds and checks it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PACKAGE_STAMP := $(VENV)/.packaging-installed

.PHONY: run test bench screenshots package package-test clean

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

$(PACKAGE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,package]'
	touch $(PACKAGE_STAMP)

package: $(PACKAGE_STAMP)
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller packaging/tabletop.spec
	mkdir -p dist/tabletop/share
	cp packaging/linux/tabletop.desktop packaging/linux/install-desktop-entry.sh dist/tabletop/share/
	cp resources/icons/tabletop-*.png resources/icons/tabletop.svg dist/tabletop/share/

package-test: package
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest packaging/test_packaged_app.py

clean:
	rm -rf $(VENV) build dist *.egg-info

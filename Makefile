# Redpen: `make run` starts the whole app, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install run test test-sqlite test-postgres lint typecheck bench clean train-clauses

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py run_embedded --seed

# ruff, then the layer contracts ([tool.importlinter] in pyproject.toml).
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# The core packages (pyproject.toml, [tool.mypy]).
typecheck: install
	$(VENV)/bin/mypy

# SQLite suite first (unit, integration with a real Redis and Celery worker, browser), then the
# PostgreSQL-only tests against a throw-away cluster. pytest exits 5 when it collects nothing,
# which fails the target.
test: lint typecheck
	$(PY) -m pytest -m "not postgres" $(PYTEST_ARGS)
	$(PY) bin/with_postgres.py $(PY) -m pytest -m postgres $(PYTEST_ARGS)

bench: install
	$(PY) bench/run_all.py

# The CUAD clause model (contracts/clauses/artifact/): cross-validation, then the final model.
train-clauses: install
	$(PY) manage.py train_clauses

clean:
	rm -rf $(VENV) var test-artifacts .pytest_cache .ruff_cache

# Build, serve and test the Hand and Foot site.
#
#   make serve   set everything up, then serve the site on http://127.0.0.1:8000
#   make preview set everything up, build the site, then serve site/ as a real static host would, on port 8000
#                Both take another port with PORT=, as in `make serve PORT=8001`. Each checks first, before any
#                set-up, that its port is free: if it is in use, one line says so and offers a free one.
#   make test    set everything up, then lint and run the whole test suite (browser tests included)
#   make check   set everything up, then lint and run the tests that need no browser (fast)
#   make build   set everything up, then build the site into site/ with --strict
#   make setup   only set everything up; a second run does nothing unless something changed
#   make mutants the mutation check of the tests' strength on handfoot (mutmut, in .venv-mutants): not part of test
#   make simulations  play the "How they play" games a published version's current rules lack, into
#                simulations/how-they-play.json: the one command that plays them. No build plays a game or writes
#                the file (serve, preview and build show the kept runs and name the missing ones in one log line)
#
# Set-up is tracked by stamp files, so make only redoes a step when its input changed:
#   .venv/.requirements.stamp        is newer than requirements.txt and pyproject.toml once .venv matches them
#   node_modules/.package-lock.stamp is newer than package.json and package-lock.json once npm ci ran

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

VENV := .venv
VENV_STAMP := $(VENV)/.requirements.stamp
NODE_STAMP := node_modules/.package-lock.stamp
APT_PACKAGES := chromium chromium-headless-shell poppler-utils
# Root installs directly; anyone else goes through sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

# Material 9.8 prints an end-of-life banner on every build; this hides it and does not affect --strict.
export NO_MKDOCS_2_WARNING := 1

# The file in the venv's site-packages that holds this folder's path (see the venv's step below).
CHECKOUT_PTH := hand-and-foot-checkout.pth

MUTANTS_VENV := .venv-mutants
MUTANTS_STAMP := $(MUTANTS_VENV)/.requirements.stamp

# The port `make serve` and `make preview` listen on.
PORT ?= 8000

# A port in use (another `make serve`, say) stops make serve or make preview here, while make reads this file: before
# any set-up, with one line saying what to do (scripts/port_free.py, run by the system's python3).
SERVING := $(firstword $(filter serve preview,$(MAKECMDGOALS)))
ifneq ($(SERVING),)
PORT_PROBLEM := $(shell python3 scripts/port_free.py '$(PORT)' 'make $(SERVING)')
ifneq ($(PORT_PROBLEM),)
$(error $(PORT_PROBLEM))
endif
endif

.PHONY: setup system-packages serve preview lint check test build mutants simulations

setup: system-packages $(VENV_STAMP) $(NODE_STAMP)

# Debian's Chromium headless shell drives the browser tests and its Chromium the benchmarks (no Playwright browser
# download); poppler-utils gives pdfinfo.
system-packages:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ] || ! command -v pdfinfo >/dev/null 2>&1; then \
		echo "Installing Debian packages: $(APT_PACKAGES)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $(APT_PACKAGES); \
	fi

# The venv is made anew whenever requirements.txt or pyproject.toml changes, so it never keeps a package that was
# dropped. handfoot, the one package the project ships, is then installed in editable mode; a .pth file puts this
# folder on the venv's sys.path too, so the hooks import sitebuild, and the tests, benchmarks and scripts import
# sitebuild and testbench, wherever Python runs (MkDocs puts a hook's folder on sys.path only while loading it).
$(VENV_STAMP): requirements.txt pyproject.toml
	rm -rf $(VENV)
	python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet -r requirements.txt
	$(VENV)/bin/python -m pip install --quiet --no-deps -e .
	echo "$(CURDIR)" > "$$($(VENV)/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/$(CHECKOUT_PTH)"
	touch $@

# npm ci empties node_modules/ first, so the stamp is written after it.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

serve: setup
	$(VENV)/bin/mkdocs serve -a 127.0.0.1:$(PORT)

preview: build
	$(VENV)/bin/python -m testbench.server site --port $(PORT)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	node_modules/.bin/prettier --check "docs/assets/**/*.{mjs,css}" "overrides/assets/**/*.js" "sitebuild/node/*.{mjs,js}" "tests/**/*.mjs" "testbench/*.mjs" eslint.config.mjs
	node_modules/.bin/eslint .
	$(VENV)/bin/mypy

# pytest-xdist runs the tests on one worker per core; the browser tests share one build of the site. A worker that has
# run out of tests takes some of another's queue (worksteal): with xdist's default schedule, one worker was left with
# the last six tests, 41 s of them, after the other had finished.
check: lint
	$(VENV)/bin/python -m pytest -n auto --dist worksteal -m "not browser"

# The 25 slowest steps are printed at the end: the suite's clock, in view.
test: lint
	$(VENV)/bin/python -m pytest -n auto --dist worksteal --durations=25

build: setup
	$(VENV)/bin/mkdocs build --strict

# The results are kept by a key of the rules and the simulator's source: only runs the file lacks are played, here
# and nowhere else (a build reads the file only).
simulations: setup
	$(VENV)/bin/python -m sitebuild.simulations

# mutmut copies the project into mutants/ and imports handfoot from there, so its environment has no editable install.
$(MUTANTS_STAMP): requirements.txt requirements-mutants.txt
	rm -rf $(MUTANTS_VENV)
	python3 -m venv $(MUTANTS_VENV)
	$(MUTANTS_VENV)/bin/python -m pip install --quiet -r requirements.txt -r requirements-mutants.txt
	touch $@

mutants: setup $(MUTANTS_STAMP)
	$(MUTANTS_VENV)/bin/mutmut run --max-children $$(nproc)
	$(MUTANTS_VENV)/bin/mutmut results

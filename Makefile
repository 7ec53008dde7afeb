# Atout — two commands on a fresh machine: `make run` and `make test`.
VENV ?= .venv
# The interpreter the virtualenv is made with (scripts/python.sh): Debian's own /usr/bin/python3
# when it is 3.11 or newer (profile-guided and link-time optimised: the suite took 12 min 23 s on
# it against 13 min 39 s on a python3 3.11 built without them), else the python3 first on the
# PATH; `make install PYTHON=...` names another (SYSTEM_PYTHON: where Debian's is).
SYSTEM_PYTHON ?= /usr/bin/python3
ifndef PYTHON
PYTHON := $(shell scripts/python.sh $(SYSTEM_PYTHON))
endif
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Three workers on CI's two cores: the browser tests wait on Chromium and the live server a
# third of the time, and a third worker fills those waits (issue 38 §5: 392 s → 365 s of
# SQLite suite on one machine; a fourth gained nothing).
PYTEST_ARGS ?= -n 3 --dist worksteal
# Where `make run` serves: `PORT=8080 make run`; `HOST=0.0.0.0 make run` serves on the local
# network too, for the players' phones (the QR codes then carry this machine's address).
HOST ?= 127.0.0.1
PORT ?= 8000
# This machine's address on the local network (the first of `hostname -I`).
LAN_ADDRESS = $(shell hostname -I 2>/dev/null | cut -d' ' -f1)
LOOPBACK := 127.0.0.1 localhost ::1
ifeq ($(filter $(HOST),$(LOOPBACK)),)
SITE_ADDRESS := $(if $(filter 0.0.0.0 ::,$(HOST)),$(or $(LAN_ADDRESS),127.0.0.1),$(HOST))
export ATOUT_BASE_URL ?= http://$(SITE_ADDRESS):$(PORT)
export DJANGO_ALLOWED_HOSTS ?= $(SITE_ADDRESS),$(shell hostname 2>/dev/null)
else
SITE_ADDRESS := 127.0.0.1
endif

.PHONY: run hall hall-return test install catalogue production lock system-deps checkers browser ops messages migrate demo lint typecheck bench clean

run: install messages migrate demo
	@echo
	@echo "Atout runs on http://$(SITE_ADDRESS):$(PORT)/  (Ctrl+C to stop)"
ifeq ($(SITE_ADDRESS),127.0.0.1)
	@echo "Phones at the tables cannot reach 127.0.0.1: to serve on the local network (Wi-Fi),"
	@echo "run HOST=0.0.0.0 make run (and PORT=8080 for another port); the sheets' QR codes"
	@echo "then carry this machine's address."
else
	@echo "Phones on the same network open http://$(SITE_ADDRESS):$(PORT)/: the printed sheets'"
	@echo "QR codes carry $(ATOUT_BASE_URL) (ATOUT_BASE_URL)."
endif
	@echo "Demo logins: bureau / atout-bureau (committee), saisie / atout-saisie (scorekeeper)"
	@echo
	@# The task queue's workers (long PDFs), one per core, run beside the server at a lower
	@# priority (nice), so that pages are served first; they stop with it (a background job of a
	@# script ignores Ctrl+C: the trap and the last kill stop them).
	@workers=; for core in $$(seq $$(getconf _NPROCESSORS_ONLN)); do \
	nice -n 10 $(PY) manage.py db_worker --no-reload & workers="$$workers $$!"; done; \
	trap 'kill $$workers 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver $(if $(findstring :,$(HOST)),[$(HOST)],$(HOST)):$(PORT); kill $$workers 2>/dev/null

# « Une soirée sans internet » (README): the evening taken away with « Emporter la soirée », run
# on this laptop with no network at all (nothing installed or downloaded: `make install` was
# run beforehand, online). Its own SQLite database and cache in var/hall; it resumes there at
# the next start, FRESH=1 starts over from the bundle. Served on the local network as
# `HOST=0.0.0.0 make run` is: the phones and the sheets' QR codes use this laptop's address.
BUNDLE ?=
HALL_HOST ?= 0.0.0.0
HALL_ADDRESS = $(if $(filter 0.0.0.0 ::,$(HALL_HOST)),$(or $(LAN_ADDRESS),127.0.0.1),$(HALL_HOST))
HALL := DJANGO_SETTINGS_MODULE=club.settings.hall
hall:
	@test -f $(STAMP) || { echo "Atout is not installed here: run make install first, with the internet."; exit 1; }
	@test -n "$(BUNDLE)" || { echo "Which evening? make hall BUNDLE=soiree.atout.json.gz (the file « Emporter la soirée » downloaded)"; exit 1; }
	@$(MAKE) -s --no-print-directory catalogue
	@test -n "$(LAN_ADDRESS)" -o "$(HALL_HOST)" != "0.0.0.0" || echo "No network found: the phones cannot reach 127.0.0.1. Start the Wi-Fi hotspot (README, « Une soirée sans internet ») and run make hall again."
	@$(HALL) ATOUT_BASE_URL=http://$(HALL_ADDRESS):$(PORT) \
	DJANGO_ALLOWED_HOSTS=$(HALL_ADDRESS),$(shell hostname 2>/dev/null) \
	$(PY) manage.py hall "$(BUNDLE)" $(if $(FRESH),--fresh) \
	--addrport $(if $(findstring :,$(HALL_HOST)),[$(HALL_HOST)],$(HALL_HOST)):$(PORT)

# The laptop's evening as a bundle signed with its lease (its path printed), to import on the
# site (« Importer un tournoi »): the evening's last one, or COPY=1 for a safety copy.
hall-return:
	@test -f $(STAMP) || { echo "Atout is not installed here: run make install first."; exit 1; }
	@$(HALL) $(PY) manage.py hall_return $(if $(COPY),--copy)

# The suite's processes keep the bytecode they compile (and pytest its rewritten test modules)
# in __pycache__, even where the environment says not to (PYTHONDONTWRITEBYTECODE): each
# process otherwise compiles the whole suite again, 10 s of collection instead of 3.
test: install messages browser checkers ops
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest $(PYTEST_ARGS)

install: system-deps $(STAMP) catalogue

# The compiled catalogues (git ignores them): without them the pages are in English.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))
catalogue: $(CATALOGUES)

# Under the build settings (club/settings/build.py): no secret needed, whatever
# DJANGO_SETTINGS_MODULE says (the image's is production's).
BUILD_SETTINGS := DJANGO_SETTINGS_MODULE=club.settings.build
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po | $(PY)
	$(BUILD_SETTINGS) $(PY) manage.py compilemessages --ignore=$(VENV) --locale=$* -v 0

$(PY):
	$(PYTHON) -m venv $(VENV)

# The installer, uv (pinned with its hashes in requirements/installer.lock): the same lock files
# and hashes as pip, installed in seconds where pip takes minutes (measured: 7 s against 3 min
# 17 s for requirements/dev.lock into a new virtualenv).
UV := $(VENV)/bin/uv
$(UV): requirements/installer.lock | $(PY)
	$(PY) -m pip install --quiet --require-hashes -r requirements/installer.lock
	touch $(UV)

# The packages from the lock file (exact versions and hashes; `make lock` after changing
# pyproject.toml's dependencies), then Atout itself without dependencies.
$(STAMP): pyproject.toml requirements/dev.lock | $(UV)
	$(UV) pip install --quiet --python $(PY) --require-hashes -r requirements/dev.lock
	$(UV) pip install --quiet --python $(PY) --no-deps -e .
	touch $(STAMP)

# A production install (docs/deploy.md, the Dockerfile): no test tools, the catalogue compiled.
production: system-deps | $(UV)
	$(UV) pip install --quiet --python $(PY) --require-hashes -r requirements/prod.lock
	$(UV) pip install --quiet --python $(PY) --no-deps -e .
	$(MAKE) --no-print-directory catalogue

# The lock files, from pyproject.toml (pip-tools' pip-compile).
LOCK := $(VENV)/bin/pip-compile --quiet --no-emit-index-url --no-emit-trusted-host \
	--strip-extras --generate-hashes --allow-unsafe
lock: | $(PY)
	$(PY) -m pip install --quiet pip-tools
	$(LOCK) -o requirements/prod.lock pyproject.toml
	$(LOCK) --extra dev --extra sentry -o requirements/dev.lock pyproject.toml

system-deps:
	@PYTHON=$(PYTHON) scripts/system-deps.sh

# axe-core and the Nu Html Checker, from npm (pinned by package-lock.json), for the page checks.
checkers: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	@scripts/system-deps.sh node
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

browser:
	@scripts/system-deps.sh browser

# nginx and systemd-analyze: the deploy kit's tests (tests/ops), skipped without them.
ops:
	@scripts/system-deps.sh ops

messages: install
	@$(BUILD_SETTINGS) $(PY) manage.py compilemessages --ignore=.venv -v 0

migrate: install
	$(PY) manage.py migrate --noinput -v 0

demo: migrate
	$(PY) manage.py demo

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

typecheck: install
	$(VENV)/bin/mypy --strict  # scoring, club, tournaments (pyproject's [tool.mypy])

bench: install
	$(PY) bench/seating.py

clean:
	rm -rf $(VENV) staticfiles db.sqlite3*

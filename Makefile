# The two commands of the README: `make run` and `make test`.
# Each creates .venv and installs what it needs on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Card artwork comes from Debian's registry at generation time, never from git.
APT_PACKAGES := gnome-cards-data kdegames-card-data-kf5 librsvg2-bin fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-urw-base35 fonts-noto-core

.PHONY: run test system-deps clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

system-deps:
	@bash tools/system-deps.sh $(APT_PACKAGES)

run: $(STAMP)
	$(BIN)/burraco score sample_images/example_hand.json

test: $(STAMP) system-deps
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .pytest_cache

# The two commands of the README: `make run` and `make test`.
# Each creates .venv and installs what it needs on a fresh machine.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Card artwork comes from Debian's registry at generation time, never from git; the browser tests
# drive Debian's chromium, and the storage tests run on PostgreSQL too.
APT_PACKAGES := gnome-cards-data kdegames-card-data-kf5 librsvg2-bin fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-urw-base35 fonts-noto-core fonts-open-sans fonts-lato fonts-cantarell fonts-crosextra-carlito fonts-crosextra-caladea fonts-linuxlibertine fonts-comic-neue fonts-ebgaramond fonts-cabin fonts-sil-andika fonts-oldstandard fonts-league-spartan fonts-quicksand fonts-sil-charis fonts-vollkorn fonts-bebas-neue chromium chromium-driver postgresql

.PHONY: run test system-deps clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

system-deps:
	@bash tools/system-deps.sh $(APT_PACKAGES)

# the table app, listening on the local network, with an empty database in instance/ on a first start
run: $(STAMP)
	$(BIN)/burraco serve

test: $(STAMP) system-deps
	BURRACO_TEST_POSTGRES_URL=$$(bash tools/postgres-test.sh) $(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .pytest_cache

# The two commands a new machine needs: `make run` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint clean poppler browser

$(PY):
	python3 -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/pnp build --all
	$(PY) docs/make_images.py

# Tests run on every core (pytest-xdist, at most 4 workers): the suite is mostly builds.
test: $(STAMP) poppler browser
	$(VENV)/bin/pytest --numprocesses auto --maxprocesses 4

# Tests read PDFs with poppler (pdftotext, pdffonts) as a player's tools would; installed from
# Debian's packages when missing and we may, else those tests skip and say so.
poppler:
	@command -v pdftotext >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null; } \
		|| echo "poppler-utils not installed: tests that need pdftotext or pdffonts will skip"

# The preview's browser test drives Debian's headless Chromium; installed the same way when
# missing and we may, else that test skips and says so.
browser:
	@{ command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; } \
		|| { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null; } \
		|| echo "chromium not installed: the browser test of pnp serve will skip"

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

clean:
	rm -rf output

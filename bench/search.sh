#!/usr/bin/env bash
# Search bench (issue 24): catgallery's chunked search index against Pagefind on a
# 20,000-photo preview site: bytes and requests per query in headless Chromium,
# and the time each takes to build its index. See bench/search.py.
#   SEARCH_PHOTOS   photos in the corpus (20000)
#   SEARCH_WORK     where the corpus, sites and result go (.build/bench-search)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${CATGALLERY:-.build/release/catgallery}
WORK=${SEARCH_WORK:-.build/bench-search}
[ -x "$BIN" ] || { echo "search bench: $BIN is missing (make release)"; exit 1; }
python3 -c "import pagefind_bin" 2>/dev/null || python3 -m pip install -q pagefind-bin
python3 -c "import PIL" 2>/dev/null || python3 -m pip install -q pillow
mkdir -p "$WORK"
echo "search bench: machine load before: $(uptime)"
SE_AVOID_STATS=true python3 bench/search.py "$BIN" "$WORK" "${SEARCH_PHOTOS:-20000}"
echo "search bench: machine load after: $(uptime)"

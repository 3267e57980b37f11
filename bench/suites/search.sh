# bench/suites/search.sh: catgallery's chunked search index against Pagefind (PyPI
# pagefind-bin, a measurement anchor only) on one SCALE_PHOTOS-photo preview site (the
# corpus of scale.sh): bytes and requests per query counted in headless Chromium, and the
# time each takes to build its index. See bench/search.py; its markdown goes into the
# report as search.md.

SCALE_PHOTOS=${SCALE_PHOTOS:-$([ -n "$QUICK" ] && echo 2000 || echo 20000)}
python3 -c "import pagefind_bin" 2>/dev/null || python3 -m pip install -q pagefind-bin
log "search against Pagefind on $SCALE_PHOTOS photos (bench/search.py)"
if ! SE_AVOID_STATS=true python3 "$REPO/bench/search.py" "$CATGALLERY" "$BENCH_DIR/scale" "$SCALE_PHOTOS" \
  >"$RUN_DIR/search.md" 2>"$RUN_DIR/logs/search.log"; then
  tail -n 30 "$RUN_DIR/logs/search.log" >&2
  die "bench/search.py failed; log in $RUN_DIR/logs/search.log"
fi
cat "$RUN_DIR/search.md" >&2

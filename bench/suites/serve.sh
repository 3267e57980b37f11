# bench/suites/serve.sh: bench/serve.py on the site of ours.sh (warm cache): edit-to-reload,
# wrk load and memory of `serve`. Its markdown goes into the report as serve.md.

# The site of "ours" with its warm cache (made afresh, and built cold by serve's first
# build, if that did not run).
want ours || make_site "$WORK" "$SITE" "$OURS_IMAGES"
log "catgallery serve (bench/serve.py)"
# --no-lock: this script holds $BENCH_DIR/.lock already.
if ! python3 "$REPO/bench/serve.py" "$SITE" --binary "$CATGALLERY" --no-lock \
  ${QUICK:+--rebuilds 20 --wrk-seconds 3} >"$RUN_DIR/serve.md" 2>"$RUN_DIR/logs/serve.log"; then
  tail -n 30 "$RUN_DIR/logs/serve.log" >&2
  die "bench/serve.py failed; log in $RUN_DIR/logs/serve.log"
fi
cat "$RUN_DIR/serve.md" >&2
[ -n "${BENCH_KEEP:-}" ] || set_aside "$GRAVE" "$SITE/.cache" "$SITE/public"

# bench/suites/fetch.sh: bench/fetch.py, `catgallery fetch` against a local API server.

log "catgallery fetch (bench/fetch.py)"
if ! python3 "$REPO/bench/fetch.py" --binary "$CATGALLERY" --runs "$RUNS" >"$RUN_DIR/fetch.md" 2>"$RUN_DIR/logs/fetch.log"; then
  tail -n 30 "$RUN_DIR/logs/fetch.log" >&2
  die "bench/fetch.py failed; log in $RUN_DIR/logs/fetch.log"
fi
cat "$RUN_DIR/fetch.md" >&2

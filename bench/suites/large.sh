# bench/suites/large.sh: catgallery on LARGE_PHOTOS (2,000) photos of the corpus, cold
# and no-change, for memory against the N-photo figure. Runs with BENCH_LARGE=1.
# Labels large_cold, large_nochange.

log "large photo set: $LARGE_N photos"
LWORK=$(photo_set "$LARGE_N")
make_site "$LWORK" "$LWORK/site" "$OURS_IMAGES"
for run in $(seq "${LARGE_RUNS:-1}"); do
  log "catgallery on $LARGE_N photos, run $run"
  clean_start "$LWORK/site/.cache" "$LWORK/site/public"
  measure large_cold "$run" "$CATGALLERY" build --site "$LWORK/site" --verbose
  measure large_nochange "$run" "$CATGALLERY" build --site "$LWORK/site" --verbose
done
meta large_photos "$LARGE_N"
meta large_outputs "$(count_files "$LWORK/site/.cache/catgallery/derivatives")"
meta large_mpx "$(megapixels "$LWORK/site/.cache/catgallery/derivatives")"
[ -n "${BENCH_KEEP:-}" ] || set_aside "$GRAVE" "$LWORK/site/.cache" "$LWORK/site/public"

# bench/suites/ours.sh: catgallery on the photo set of N photos, RUNS times: a cold build
# (cache and output set aside: clean_start in bench/lib/harness.sh), a no-change rebuild, and a rebuild after rewriting 1% of the
# photos with changed bytes. Labels ours_cold, ours_nochange, ours_touched.


# The photos to rewrite for the "1% touched" rebuild: every 100th JPEG, at least one.
touch_list() {
  local site=$1 n=$2
  local k=$(((n + 99) / 100))
  (cd "$site/content/photos" && ls | grep -i '\.jpe\?g$' | awk -v n="$n" -v k="$k" '(NR - 1) % int(n / k) == 0' | head -n "$k")
}

# Rewrites a photo with changed bytes (a run-specific trailer after the JPEG end marker,
# which decoders ignore) as a new file, so the corpus behind the hard link stays intact.
rewrite_photo() {
  local path=$1 tag=$2
  { cat "$path"; printf 'catgallery-bench %s' "$tag"; } >"$path.new"
  mv -f "$path.new" "$path"
}

make_site "$WORK" "$SITE" "$OURS_IMAGES"
TOUCH=$(touch_list "$SITE" "$N")
meta touched "$(echo "$TOUCH" | wc -l)"
for run in $(seq "$RUNS"); do
  log "catgallery, run $run/$RUNS"
  clean_start "$SITE/.cache" "$SITE/public"
  measure ours_cold "$run" "$CATGALLERY" build --site "$SITE" --verbose
  measure ours_nochange "$run" "$CATGALLERY" build --site "$SITE" --verbose
  for f in $TOUCH; do rewrite_photo "$SITE/content/photos/$f" "$run-$(date +%s%N)"; done
  measure ours_touched "$run" "$CATGALLERY" build --site "$SITE" --verbose
done
meta ours_outputs "$(count_files "$SITE/.cache/catgallery/derivatives")"
meta ours_mpx "$(megapixels "$SITE/.cache/catgallery/derivatives")"
meta ours_site_pages "$(find "$SITE/public" -name '*.html' | wc -l)"
# serve (below) starts from this warm cache, as a user's serve would.
[ -n "${BENCH_KEEP:-}" ] || want serve || set_aside "$GRAVE" "$SITE/.cache" "$SITE/public"

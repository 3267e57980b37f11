# bench/suites/scale.sh: issue 24's memory and size targets, on previewed folders of tiny
# photos with captions (bench/search_corpus.py, albums of 200; the same corpus search.sh
# queries): `catgallery preview DIR --build-to OUT` cold with an empty cache, on
# SCALE_PHOTOS (20,000; 2,000 in quick mode) photos and on a tenth of them, then a
# no-change rebuild of the large one; and a build of SCALE_PAGES (100,000; 5,000 in quick
# mode) fact pages. Peak RSS of each, and the largest HTML file each wrote.
# Labels scale_small_cold, scale_cold, scale_nochange, scale_pages.

SCALE_PHOTOS=${SCALE_PHOTOS:-$([ -n "$QUICK" ] && echo 2000 || echo 20000)}
SCALE_PAGES=${SCALE_PAGES:-$([ -n "$QUICK" ] && echo 5000 || echo 100000)}
SCALE_DIR="$BENCH_DIR/scale"

# scale_corpus N: a search_corpus.py folder of N photos, made once and kept. Prints its path.
scale_corpus() {
  local dir="$SCALE_DIR/photos-$1"
  if [ ! -f "$dir/.done" ]; then
    log "generating $1 tiny photos with captions in $dir (kept for later runs)"
    set_aside "$GRAVE" "$dir"
    python3 "$REPO/bench/search_corpus.py" "$dir" "$1" >&2
    touch "$dir/.done"
  fi
  echo "$dir"
}

# largest_html DIR: the size in bytes and the path of the largest .html below DIR.
largest_html() { find "$1" -name '*.html' -printf '%s %P\n' | sort -n | tail -n 1; }

# scale_preview LABEL PHOTOS: a cold preview of that folder into $SCALE_DIR/out-LABEL.
scale_preview() {
  local label=$1 photos=$2 out="$SCALE_DIR/out-$1"
  clean_start "$out" "$SCALE_DIR/cache-$1"
  measure "$label" 1 env XDG_CACHE_HOME="$SCALE_DIR/cache-$1" "$CATGALLERY" preview "$photos" \
    --build-to "$out" --verbose
}

small=$(scale_corpus $((SCALE_PHOTOS / 10)))
large=$(scale_corpus "$SCALE_PHOTOS")
meta scale_photos "$SCALE_PHOTOS"
meta scale_small_photos "$((SCALE_PHOTOS / 10))"
log "scale: preview of $((SCALE_PHOTOS / 10)) photos, cold"
scale_preview scale_small_cold "$small"
log "scale: preview of $SCALE_PHOTOS photos, cold, then no change ($RUNS runs)"
scale_preview scale_cold "$large"
meta scale_largest_html "$(largest_html "$SCALE_DIR/out-scale_cold")"
meta scale_html "$(find "$SCALE_DIR/out-scale_cold" -name '*.html' | wc -l)"
for run in $(seq "$RUNS"); do
  measure scale_nochange "$run" env XDG_CACHE_HOME="$SCALE_DIR/cache-scale_cold" "$CATGALLERY" preview "$large" \
    --build-to "$SCALE_DIR/out-scale_cold" --verbose
done

log "scale: $SCALE_PAGES fact pages"
make_pages "$SCALE_DIR/pages" "$SCALE_PAGES"
clean_start
measure scale_pages 1 "$CATGALLERY" build --site "$SCALE_DIR/pages/site" --verbose
meta scale_pages "$SCALE_PAGES"
meta scale_pages_html "$(find "$SCALE_DIR/pages/site/public" -name '*.html' | wc -l)"
meta scale_pages_largest_html "$(largest_html "$SCALE_DIR/pages/site/public")"
[ -n "${BENCH_KEEP:-}" ] || set_aside "$GRAVE" "$SCALE_DIR/out-scale_small_cold" "$SCALE_DIR/pages" \
  "$SCALE_DIR"/cache-*

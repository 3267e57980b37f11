# bench/suites/sigal.sh: sigal with its default thumbnail and display sizes, and catgallery
# configured to make the same kind of outputs (a second site: widths [640], thumbnail 200,
# JPEG only, at sigal's default quality; catgallery adds a 2x thumbnail, so 3 images per
# photo to 2). Each run of either tool starts with no output and no cache (clean_start).
# Labels ours_sigal, sigal.

make_sigal() {
  local work=$1
  set_aside "$GRAVE" "$work/sigal"
  mkdir -p "$work/sigal"
  # Everything else at sigal's defaults: 640x480 display images, 200x150 thumbnails.
  printf 'source = %s\ndestination = %s\n' "'$work/photos'" "'$work/sigal/out'" >"$work/sigal/sigal.conf.py"
}

# sigal's default sizes, read from the installed sigal (sigal/settings.py): "LONG_EDGE THUMB
# QUALITY", i.e. img_size's larger side, thumb_size's larger side, jpg_options' quality.
sigal_defaults() {
  python3 -c 'from sigal.settings import _DEFAULT_CONFIG as c
print(max(c["img_size"]), max(c["thumb_size"]), c["jpg_options"]["quality"])' 2>/dev/null || echo "640 200 85"
}

make_sigal "$WORK"
# catgallery making sigal's kind of outputs from the same photos, for a like-for-like
# comparison: one JPEG display image (640 px wide; sigal fits into 640x480, portraits
# 480x640) and a 200 px thumbnail (square, plus catgallery's 2x copy: 3 images per
# photo to sigal's 2), at sigal's default JPEG quality.
read -r SIGAL_EDGE SIGAL_THUMB SIGAL_QUALITY <<<"$(sigal_defaults)"
SIGAL_SITE="$WORK/site-sigal"
make_site "$WORK" "$SIGAL_SITE" "$(images_yml "$SIGAL_EDGE" "$SIGAL_THUMB" "$SIGAL_QUALITY" jpeg)"
meta ours_sigal_images "widths [$SIGAL_EDGE], thumbnail $SIGAL_THUMB (and $((2 * SIGAL_THUMB)) at 2x), quality $SIGAL_QUALITY, JPEG only"
for run in $(seq "$SIGAL_RUNS"); do
  log "catgallery at sigal's sizes, run $run/$SIGAL_RUNS"
  clean_start "$SIGAL_SITE/.cache" "$SIGAL_SITE/public"
  measure ours_sigal "$run" "$CATGALLERY" build --site "$SIGAL_SITE" --verbose
  log "sigal, run $run/$SIGAL_RUNS"
  clean_start "$WORK/sigal/out"
  measure sigal "$run" sigal build -c "$WORK/sigal/sigal.conf.py"
done
meta ours_sigal_outputs "$(count_files "$SIGAL_SITE/.cache/catgallery/derivatives")"
meta ours_sigal_mpx "$(megapixels "$SIGAL_SITE/.cache/catgallery/derivatives")"
meta ours_sigal_site_pages "$(find "$SIGAL_SITE/public" -name '*.html' | wc -l)"
meta sigal_outputs "$(find "$WORK/sigal/out" -path '*/static' -prune -o -type f \( -iname '*.jpg' -o -iname '*.png' \) -print | wc -l)"
meta sigal_mpx "$(megapixels "$WORK/sigal/out")"
[ -n "${BENCH_KEEP:-}" ] || set_aside "$GRAVE" "$WORK/sigal/out" "$SIGAL_SITE/.cache" "$SIGAL_SITE/public"

# bench/suites/preview.sh: preview against sigal, each at its defaults, on the first
# PREVIEW_PHOTOS photos: `catgallery preview DIR --build-to OUT` with an empty cache
# (XDG_CACHE_HOME), `sigal build` with only source and destination set, and vipsthumbnail
# as the floor (the derivatives preview wrote, one call per size and format; and one
# 400 px JPEG per photo). What each tool wrote (files, bytes, formats and sizes) goes in
# the report. PREVIEW_BASELINE, another catgallery binary, is timed in the same runs.
# Each timed run starts with no output and no cache (clean_start in bench/lib/harness.sh).
# Labels preview, preview_baseline, preview_sigal, preview_vips, preview_vips_floor.

# make_vips_like_jobs DIR PHOTOS OUT: vipsthumbnail calls that make the same derivatives
# as the images below DIR (catgallery's `<stem>-<w>x<h>.<hash>.<ext>` names; a square is
# a smart-cropped thumbnail), one call per (size, format) over batches of 25 photos, saved
# as catgallery saves them (quality PREVIEW_QUALITY, default 80; WebP effort PREVIEW_EFFORT,
# default 0, what SiteConfig.preview asks for).
make_vips_like_jobs() {
  python3 - "$@" "${PREVIEW_QUALITY:-80}" "${PREVIEW_EFFORT:-0}" <<'PY'
import os, re, sys
top, photos, out, q, effort = sys.argv[1:]
stems = {}
for name in os.listdir(photos):
    stems[re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")] = name
    stems[re.sub(r"[^a-z0-9]+", "-", name.rsplit(".", 1)[0].lower()).strip("-")] = name
groups = {}
for folder, _, files in os.walk(top):
    for f in files:
        m = re.fullmatch(r"(.+)-(\d+)x(\d+)\.[0-9a-f]{10}\.(webp|jpg|png)", f)
        if not m or m[1] not in stems:
            continue
        w, h, fmt = int(m[2]), int(m[3]), m[4]
        size = f"--size {w}x{w} --smartcrop attention" if w == h else f"--size {w}x"
        groups.setdefault((size, f"{w}x{h}" if w == h else f"{w}", fmt), set()).add(stems[m[1]])
# As catgallery saves them: progressive JPEG for the widths, baseline for the thumbnails.
opts = {"webp": f"[Q={q},strip,effort={effort}]", "jpg": f"[Q={q},strip,optimize_coding,interlace]", "png": "[strip]"}
thumb_opts = dict(opts, jpg=f"[Q={q},strip,optimize_coding]")
for (size, tag, fmt), names in sorted(groups.items()):
    names = sorted(names)
    saver = (thumb_opts if "x" in tag else opts)[fmt]
    for i in range(0, len(names), 25):
        files = " ".join(f"'{photos}/{n}'" for n in names[i:i + 25])
        print(f"{size} -o '{out}/%s-{tag}.{fmt}{saver}' {files}")
PY
}

# Each tool at its defaults on the same photos: what a user comparing them would run.
log "preview photo set: $PREVIEW_N photos"
PWORK=$(photo_set "$PREVIEW_N")
PDIR="$PWORK/preview"
set_aside "$GRAVE" "$PDIR"
mkdir -p "$PDIR/sigal"
printf 'source = %s\ndestination = %s\n' "'$PWORK/photos'" "'$PDIR/sigal/out'" >"$PDIR/sigal/sigal.conf.py"
meta preview_corpus_mb "$(du -sLm "$PWORK/photos" | cut -f1)"
for run in $(seq "$PREVIEW_RUNS"); do
  log "catgallery preview --build-to, run $run/$PREVIEW_RUNS"
  clean_start "$PDIR/cache" "$PDIR/out"
  measure preview "$run" env XDG_CACHE_HOME="$PDIR/cache" "$CATGALLERY" preview "$PWORK/photos" \
    --build-to "$PDIR/out"
  if [ -n "${PREVIEW_BASELINE:-}" ]; then
    log "baseline preview --build-to ($PREVIEW_BASELINE), run $run/$PREVIEW_RUNS"
    clean_start "$PDIR/cache" "$PDIR/base-out"
    measure preview_baseline "$run" env XDG_CACHE_HOME="$PDIR/cache" "$PREVIEW_BASELINE" preview \
      "$PWORK/photos" --build-to "$PDIR/base-out"
  fi
  log "sigal build, run $run/$PREVIEW_RUNS"
  clean_start "$PDIR/sigal/out"
  measure preview_sigal "$run" sigal build -c "$PDIR/sigal/sigal.conf.py"
  # The floor: vipsthumbnail making the derivatives preview wrote, and one thumbnail per photo.
  if [ "$run" = 1 ]; then make_vips_like_jobs "$PDIR/out" "$PWORK/photos" "$PDIR/vips" >"$PDIR/vips.jobs"; fi
  log "vipsthumbnail, run $run/$PREVIEW_RUNS"
  vips_pair preview_vips preview_vips_floor "$run" "$PDIR/vips.jobs" "$PWORK/photos" "$PDIR/vips" "$PDIR/vips-floor"
done
meta preview_vips_calls "$(wc -l <"$PDIR/vips.jobs")"
inventory preview "$PDIR/out"
inventory preview_sigal "$PDIR/sigal/out"
if [ -n "${PREVIEW_BASELINE:-}" ]; then
  inventory preview_baseline "$PDIR/base-out"
  meta preview_baseline "$PREVIEW_BASELINE"
fi
inventory preview_vips "$PDIR/vips"
inventory preview_vips_floor "$PDIR/vips-floor"
[ -n "${BENCH_KEEP:-}" ] || set_aside "$GRAVE" "$PDIR"

# bench/suites/vips.sh: vipsthumbnail making the same derivatives as catgallery (one call
# per size and format over a batch of photos, two processes via xargs -P2), and the floor:
# one 400 px thumbnail per photo. Labels vips_ladder, vips_floor.

# One vipsthumbnail call per (size, format) over batches of 25 photos; same ladder
# (widths above the source width collapse into it), same square thumbnails at 1x and 2x.
make_vips_jobs() {
  local work=$1 out=$2
  python3 - "$work/manifest.tsv" "$work/photos" "$out" "$WIDTHS" "$THUMB" "$QUALITY" <<'PY'
import sys
manifest, photos, out, widths, thumb, q = sys.argv[1:]
widths, thumb = [int(w) for w in widths.split()], int(thumb)
# As catgallery saves them: progressive JPEG for the widths, baseline for the thumbnails.
opts = {"webp": f"[Q={q},strip]", "jpg": f"[Q={q},strip,optimize_coding,interlace]"}
thumb_opts = {"webp": f"[Q={q},strip]", "jpg": f"[Q={q},strip,optimize_coding]"}
groups = {}
for line in open(manifest).read().splitlines()[1:]:
    name, _, sw, sh, orient = line.split("\t")[:5]
    w, h = (int(sh), int(sw)) if int(orient) >= 5 else (int(sw), int(sh))
    ladder = [x for x in widths if x < w]
    if len(ladder) < len(widths):
        ladder.append(w)
    edges = sorted({min(thumb, w, h), min(2 * thumb, w, h)})
    for fmt in ("webp", "jpg"):
        for x in ladder:
            groups.setdefault((f"--size {x}x", f"{x}", fmt), []).append(name)
        for e in edges:
            groups.setdefault((f"--size {e}x{e} --smartcrop attention", f"t{e}", fmt), []).append(name)
for (size, tag, fmt), names in groups.items():
    saver = (thumb_opts if tag.startswith("t") else opts)[fmt]
    for i in range(0, len(names), 25):
        files = " ".join(f"'{photos}/{n}'" for n in names[i:i + 25])
        print(f"{size} -o '{out}/%s-{tag}.{fmt}{saver}' {files}")
PY
}

make_vips_jobs "$WORK" "$WORK/vips-ladder" >"$WORK/vips-ladder.jobs"
meta vips_calls "$(wc -l <"$WORK/vips-ladder.jobs")"
for run in $(seq "$VIPS_RUNS"); do
  log "vipsthumbnail, run $run/$VIPS_RUNS"
  vips_pair vips_ladder vips_floor "$run" "$WORK/vips-ladder.jobs" "$WORK/photos" "$WORK/vips-ladder" "$WORK/vips-floor"
done
meta vips_ladder_outputs "$(count_files "$WORK/vips-ladder")"
meta vips_floor_outputs "$(count_files "$WORK/vips-floor")"
meta vips_ladder_mpx "$(megapixels "$WORK/vips-ladder")"
meta vips_floor_mpx "$(megapixels "$WORK/vips-floor")"
[ -n "${BENCH_KEEP:-}" ] || set_aside "$GRAVE" "$WORK/vips-ladder" "$WORK/vips-floor"

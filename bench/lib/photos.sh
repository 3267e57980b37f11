# bench/lib/photos.sh: the photo corpus and the catgallery sites made from it. Sourced by
# bench/run.sh; uses BENCH_DIR and CORPUS_SCRIPT, and harness.sh's set_aside (what is made
# again replaces a folder that is set aside, not deleted: see clean_start).

# The site's image settings; the other tools are given the same ladder.
WIDTHS="320 640 1280 2048"
THUMB=240
QUALITY=80

# images_yml WIDTHS THUMB QUALITY FORMATS: the images block of a site.yml (space-separated lists).
images_yml() {
  local widths=$1 formats=$4
  printf 'images:\n  widths: [%s]\n  thumbnail: %s\n  quality: %s\n  formats: [%s]\n' \
    "${widths// /, }" "$2" "$3" "${formats// /, }"
}
OURS_IMAGES=$(images_yml "$WIDTHS" "$THUMB" "$QUALITY" "webp jpeg")

# A corpus with at least $1 photos: the first $1 of any corpus are the same bytes,
# since make-corpus.sh derives image i from i alone. Prints its folder.
corpus_for() {
  local want=$1 best="" best_n=0 dir n
  for dir in "$BENCH_DIR"/corpus-*; do
    [ -f "$dir/.manifest.tsv" ] || continue
    n=$(($(wc -l <"$dir/.manifest.tsv") - 1))
    if [ "$n" -ge "$want" ] && { [ -z "$best" ] || [ "$n" -lt "$best_n" ]; }; then best=$dir best_n=$n; fi
  done
  if [ -z "$best" ]; then
    best="$BENCH_DIR/corpus-$want"
    log "generating a corpus of $want photos in $best (kept for later runs; this takes a while)"
    set_aside "$GRAVE" "$best"  # what an interrupted run left; see clean_start
    bash "$CORPUS_SCRIPT" "$best" "$want" >&2
  fi
  echo "$best"
}

# photo_set N: $BENCH_DIR/work-N/photos holds hard links to the first N corpus photos.
photo_set() {
  local n=$1 corpus work
  corpus=$(corpus_for "$n")
  work="$BENCH_DIR/work-$n"
  mkdir -p "$work"
  head -n $((n + 1)) "$corpus/.manifest.tsv" >"$work/manifest.tsv"
  set_aside "$GRAVE" "$work/photos"
  mkdir -p "$work/photos"
  tail -n +2 "$work/manifest.tsv" | cut -f1 | while read -r f; do ln "$corpus/$f" "$work/photos/$f"; done
  echo "$work"
}

# ---------------------------------------------------------------------------- inputs

# make_site WORK SITE IMAGES: a catgallery site in SITE for WORK's photos (hard links):
# parks.plist with sections of 25 photos, nothing else but site.yml with the IMAGES block.
make_site() {
  local work=$1 site=$2 images=$3
  set_aside "$GRAVE" "$site/content"
  mkdir -p "$site/content/photos"
  cp -l "$work"/photos/* "$site/content/photos/"
  cat >"$site/content/site.yml" <<EOF
title: Bench Gallery
base_url: ""
$images
EOF
  python3 - "$work/manifest.tsv" "$site/content/parks.plist" <<'PY'
import sys
from xml.sax.saxutils import escape
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()[1:]]
out = ['<?xml version="1.0" encoding="UTF-8"?>',
       '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
       '<plist version="1.0">', '<array>']
for s in range(0, len(rows), 25):
    out += ['  <dict>', f'    <key>name</key><string>Park {s // 25 + 1:03d}</string>', '    <key>photos</key>', '    <array>']
    for r in rows[s:s + 25]:
        name = r[0].rsplit(".", 1)[0]
        out += ['      <dict>', f'        <key>imageName</key><string>{escape(name)}</string>',
                f'        <key>caption</key><string>{escape(r[1])} crop, photo {escape(name)}</string>', '      </dict>']
    out += ['    </array>', '  </dict>']
out += ['</array>', '</plist>']
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
  # A build never trusts file times younger than two seconds (coarse-timestamp file
  # systems): without this wait, run 1's no-change rebuild would time the full check
  # that follows an edit made just before a build, not a rebuild of an idle site.
  sleep 2
}

#!/usr/bin/env bash
# bench/run.sh: catgallery against vipsthumbnail, sigal and Hugo on one photo corpus.
#
# Times, side by side (median of RUNS runs, peak RSS from /usr/bin/time -v):
#   1. catgallery cold build (cache and output deleted)
#   2. catgallery no-change rebuild
#   3. catgallery rebuild after rewriting 1% of the photos with changed bytes
#   4. vipsthumbnail making the same derivatives (one call per size and format over a
#      batch of photos, two processes via xargs -P2), and the floor: one 400 px thumbnail
#      per photo
#   5. sigal with its default thumbnail and display sizes, and catgallery configured to make
#      the same kind of outputs (a second site: widths [640], thumbnail 200, JPEG only, at
#      sigal's default quality; catgallery adds a 2x thumbnail, so 3 images per photo to 2)
#   6. Hugo resizing the same ladder in a template (one page bundle per photo), cold and warm
#   7. 10,000 generated pages without images: catgallery fact pages against Hugo pages
#   8. bench/serve.py on the site of 1.: edit-to-reload, wrk load and memory of `serve`
#   9. preview against sigal, each at its defaults, on the first PREVIEW_PHOTOS photos:
#      `catgallery preview DIR --build-to OUT` with an empty cache (XDG_CACHE_HOME), `sigal
#      build` with only source and destination set, and vipsthumbnail as the floor (the
#      derivatives preview wrote, one call per size and format; and one 400 px JPEG per
#      photo); what each tool wrote (files, bytes, formats and sizes) goes in the report
# then prints a markdown table and writes it to bench/results/<date>-<host>.md (a second
# report on the same day gets -<commit> added rather than replacing the first). Raw data,
# logs and a copy of the binary stay in $BENCH_DIR/runs/<time>/; report.py rebuilds the
# markdown from such a folder. One run at a time per BENCH_DIR (flock on $BENCH_DIR/.lock).
# Time: the 500-photo corpus takes ~15 CPU-minutes to generate (once); a default run
# ~1.5 h on 2 cores, most of it vipsthumbnail and Hugo. BENCH_LARGE first generates
# 2,000 photos (about 4x the corpus time).
#
# Environment:
#   BENCH_DIR     where the corpus, sites and outputs live (default /var/tmp/catgallery-bench);
#                 the corpus is kept between runs, outputs are deleted unless BENCH_KEEP=1
#   BENCH_PHOTOS  photos in the corpus (default 500; 12 in BENCH_QUICK mode)
#   RUNS          runs per measurement (default 3; 1 in BENCH_QUICK mode)
#   VIPS_RUNS, SIGAL_RUNS, HUGO_RUNS, PAGES_RUNS
#                 runs of those tools (default RUNS each); the Hugo image build is slow
#                 (~8 CPU-seconds per photo), so HUGO_RUNS=1 is often enough
#   HUGO_PHOTOS   give Hugo only the first HUGO_PHOTOS photos (default all); its targets
#                 then compare time per output image, as the ladder per photo is the same
#   BENCH_PAGES   pages for the page benchmark (default 10000; 1000 in BENCH_QUICK mode)
#   BENCH_LARGE=1 also measure catgallery on a 2,000-photo corpus (LARGE_PHOTOS), for memory
#   BENCH_QUICK=1 small smoke run; its report goes to BENCH_DIR, not bench/results/
#   PREVIEW_PHOTOS photos for the preview-vs-sigal comparison (default 100; 12 in BENCH_QUICK
#                 mode); PREVIEW_RUNS runs of each tool there (default RUNS, at least 3 unless quick)
#   PREVIEW_BASELINE another catgallery binary (say, a build of main) whose preview is timed in
#                 the same runs, for a before/after ratio
#   BENCH_ONLY    space-separated subset of: ours vips sigal preview hugo pages serve fetch videos
#                 (default: all; videos: bench/videos.sh, issue #23's clips against sigal)
#   CATGALLERY    the binary (default .build/release/catgallery, relative to the repo)
# Installs libvips-tools, hugo and time (apt-get) and sigal (pip) when missing; the corpus
# script may install its Debian seed packages and fetch the scikit-image wheel from PyPI.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")" && git rev-parse --show-toplevel)
cd "$REPO"
export LC_ALL=C
export VIPS_WARNING=0

QUICK=${BENCH_QUICK:-0}
[ "$QUICK" = 0 ] && QUICK=""
BENCH_DIR=${BENCH_DIR:-/var/tmp/catgallery-bench}
N=${BENCH_PHOTOS:-$([ -n "$QUICK" ] && echo 12 || echo 500)}
RUNS=${RUNS:-$([ -n "$QUICK" ] && echo 1 || echo 3)}
VIPS_RUNS=${VIPS_RUNS:-$RUNS}
SIGAL_RUNS=${SIGAL_RUNS:-$RUNS}
HUGO_RUNS=${HUGO_RUNS:-$RUNS}
PAGES_RUNS=${PAGES_RUNS:-$RUNS}
HUGO_N=${HUGO_PHOTOS:-$N}
[ "$HUGO_N" -le "$N" ] || HUGO_N=$N
PAGES=${BENCH_PAGES:-$([ -n "$QUICK" ] && echo 1000 || echo 10000)}
LARGE=${BENCH_LARGE:-0}
[ "$LARGE" = 0 ] && LARGE=""
LARGE_N=${LARGE_PHOTOS:-2000}
ONLY=${BENCH_ONLY:-ours vips sigal preview hugo pages serve fetch videos}
PREVIEW_N=${PREVIEW_PHOTOS:-$([ -n "$QUICK" ] && echo 12 || echo 100)}
PREVIEW_RUNS=${PREVIEW_RUNS:-$([ -n "$QUICK" ] && echo 1 || echo $((RUNS > 3 ? RUNS : 3)))}
CATGALLERY=${CATGALLERY:-.build/release/catgallery}
CORPUS_SCRIPT="$REPO/../shared/bench/make-corpus.sh"

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

log() { printf '\033[1m== %s\033[0m\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
want() { [[ " $ONLY " == *" $1 "* ]]; }

# ---------------------------------------------------------------------------- set-up

install_missing() {
  local sudo="" apt=()
  [ "$(id -u)" = 0 ] || sudo=sudo
  command -v vipsthumbnail >/dev/null || apt+=(libvips-tools)
  { want hugo || want pages; } && ! command -v hugo >/dev/null && apt+=(hugo)
  [ -x /usr/bin/time ] || apt+=(time)
  want serve && ! command -v wrk >/dev/null && apt+=(wrk)
  if [ ${#apt[@]} -gt 0 ]; then
    log "installing ${apt[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${apt[@]}" >/dev/null
  fi
  if { want sigal || want preview; } && ! command -v sigal >/dev/null; then
    log "installing sigal"
    python3 -m pip install -q sigal
  fi
}

[ -f "$CORPUS_SCRIPT" ] || die "no corpus script at $CORPUS_SCRIPT"
install_missing
case $CATGALLERY in /*) ;; *) CATGALLERY="$REPO/$CATGALLERY" ;; esac
[ -x "$CATGALLERY" ] || die "no catgallery binary at $CATGALLERY (make release, or set CATGALLERY)"

mkdir -p "$BENCH_DIR"
# Two runs at once would share the sites and outputs below, and each other's cores.
exec 9>"$BENCH_DIR/.lock"
flock -n 9 || die "another bench/run.sh or bench/serve.py is using $BENCH_DIR (or set BENCH_DIR)"
STAMP=$(date -u +%Y-%m-%dT%H%M%SZ)
RUN_DIR="$BENCH_DIR/runs/$STAMP"
mkdir -p "$RUN_DIR/logs"
TSV="$RUN_DIR/measurements.tsv"   # label, run, wall s, max RSS kB, user s, sys s
META="$RUN_DIR/meta.tsv"          # key, value
: >"$TSV"
: >"$META"
meta() { printf '%s\t%s\n' "$1" "$2" >>"$META"; }

# A private copy of the binary: a rebuild elsewhere must not change it halfway through.
cp "$CATGALLERY" "$RUN_DIR/catgallery"
meta binary "$CATGALLERY ($("$CATGALLERY" --version 2>/dev/null || echo ?), built $(date -r "$CATGALLERY" -u '+%H:%M UTC'))"
CATGALLERY="$RUN_DIR/catgallery"

# measure LABEL RUN COMMAND...: wall clock, peak RSS and CPU time of one run.
measure() {
  local label=$1 run=$2
  shift 2
  local out="$RUN_DIR/logs/$label.$run.log" tv="$RUN_DIR/logs/$label.$run.time"
  local start end
  start=$(date +%s%N)
  if ! /usr/bin/time -v -o "$tv" "$@" >"$out" 2>&1; then
    tail -n 30 "$out" >&2
    die "$label (run $run) failed; log in $out"
  fi
  end=$(date +%s%N)
  local wall rss usr sys
  wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
  rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tv")
  usr=$(awk -F': ' '/User time \(seconds\)/ { print $2 }' "$tv")
  sys=$(awk -F': ' '/System time \(seconds\)/ { print $2 }' "$tv")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$run" "$wall" "$rss" "$usr" "$sys" >>"$TSV"
  printf '   %-22s run %s: %8.2f s  %6d MB peak  (cpu %.1f s)\n' "$label" "$run" "$wall" \
    $((rss / 1024)) "$(awk -v u="$usr" -v s="$sys" 'BEGIN { print u + s }')" >&2
}

count_files() { find "$@" -type f 2>/dev/null | wc -l; }

# Megapixels written: the sum of width x height of every image below the folders
# (headers only, via Pillow, which sigal brings), so unequal work compares fairly.
megapixels() {
  python3 - "$@" <<'PY'
import os, sys
from PIL import Image
total = 0
for top in sys.argv[1:]:
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d != "static"]
        for name in files:
            if name.lower().endswith((".jpg", ".jpeg", ".webp", ".png")):
                with Image.open(os.path.join(folder, name)) as im:
                    total += im.size[0] * im.size[1]
print(f"{total / 1e6:.1f}")
PY
}

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
    rm -rf "$best"
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
  rm -rf "$work/photos"
  mkdir -p "$work/photos"
  tail -n +2 "$work/manifest.tsv" | cut -f1 | while read -r f; do ln "$corpus/$f" "$work/photos/$f"; done
  echo "$work"
}

# ---------------------------------------------------------------------------- inputs

# make_site WORK SITE IMAGES: a catgallery site in SITE for WORK's photos (hard links):
# parks.plist with sections of 25 photos, nothing else but site.yml with the IMAGES block.
make_site() {
  local work=$1 site=$2 images=$3
  rm -rf "$site/content"
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

# Hugo: one leaf bundle per photo; its template resizes the same ladder and fills the
# same square thumbnails, WebP and JPEG, quality 80. Hugo renders pages in parallel.
make_hugo_images() {
  local work=$1 n=$2 hugo=$1/hugo
  rm -rf "$hugo"
  mkdir -p "$hugo/layouts/_default" "$hugo/content/p"
  cat >"$hugo/config.toml" <<EOF
baseURL = "https://example.org/"
title = "bench"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
cacheDir = "$hugo/cache"
[imaging]
quality = $QUALITY
anchor = "Smart"
EOF
  cat >"$hugo/layouts/_default/single.html" <<EOF
{{ \$widths := slice ${WIDTHS} }}
{{ range \$img := .Resources.ByType "image" }}
  {{ \$ladder := slice }}
  {{ range \$widths }}{{ if lt . \$img.Width }}{{ \$ladder = \$ladder | append . }}{{ end }}{{ end }}
  {{ if lt (len \$ladder) (len \$widths) }}{{ \$ladder = \$ladder | append \$img.Width }}{{ end }}
  {{ \$short := cond (lt \$img.Width \$img.Height) \$img.Width \$img.Height }}
  {{ \$edges := slice (cond (lt $THUMB \$short) $THUMB \$short) }}
  {{ if lt $THUMB \$short }}{{ \$edges = \$edges | append (cond (lt $((2 * THUMB)) \$short) $((2 * THUMB)) \$short) }}{{ end }}
  {{ range \$fmt := slice "webp" "jpg" }}
    {{ range \$ladder }}{{ with \$img.Resize (printf "%dx %s q$QUALITY" . \$fmt) }}<img src="{{ .RelPermalink }}" width="{{ .Width }}">{{ end }}{{ end }}
    {{ range \$edges }}{{ with \$img.Fill (printf "%dx%d Smart %s q$QUALITY" . . \$fmt) }}<img src="{{ .RelPermalink }}" width="{{ .Width }}">{{ end }}{{ end }}
  {{ end }}
{{ end }}
EOF
  echo '{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}' >"$hugo/layouts/_default/list.html"
  echo '{{ range .Site.RegularPages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}' >"$hugo/layouts/index.html"
  local f stem
  for f in $(ls -d "$work"/photos/* | head -n "$n"); do
    stem=$(basename "${f%.*}")
    mkdir -p "$hugo/content/p/$stem"
    printf -- '---\ntitle: %s\n_build:\n  publishResources: false\n---\n' "$stem" >"$hugo/content/p/$stem/index.md"
    ln "$f" "$hugo/content/p/$stem/"
  done
}

make_sigal() {
  local work=$1
  rm -rf "$work/sigal"
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

# PAGES facts for catgallery (one page each) and PAGES trivial Hugo pages.
make_pages() {
  local dir=$1 n=$2
  rm -rf "$dir"
  mkdir -p "$dir/site/content" "$dir/hugo/layouts/_default" "$dir/hugo/content/posts"
  python3 - "$dir" "$n" <<'PY'
import json, os, sys
d, n = sys.argv[1], int(sys.argv[2])
words = "cats sleep purr climb hunt groom stretch watch nap explore chase knead".split()
facts = [f"Fact {i:05d}: cats {words[i % 12]} and {words[(i // 12) % 12]} more than {i % 97 + 3} times a day."
         for i in range(1, n + 1)]
json.dump(facts, open(f"{d}/site/content/facts.json", "w"), indent=1)
for i, fact in enumerate(facts, 1):
    with open(f"{d}/hugo/content/posts/p{i:05d}.md", "w") as f:
        f.write(f'---\ntitle: "Fact {i:05d}"\n---\n{fact}\n')
PY
  cat >"$dir/hugo/config.toml" <<EOF
baseURL = "https://example.org/"
title = "bench"
cacheDir = "$dir/hugo/cache"
EOF
  echo '<!doctype html><title>{{ .Title }}</title><h1>{{ .Title }}</h1>{{ .Content }}' >"$dir/hugo/layouts/_default/single.html"
  echo '<!doctype html><title>{{ .Title }}</title>{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}' >"$dir/hugo/layouts/_default/list.html"
}

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

# inventory LABEL DIR: what a tool wrote, one row per kind of file (image format, html,
# other) to $RUN_DIR/outputs.tsv: label, kind, files, bytes, the commonest image sizes
# ("240²" a square, "640w" a width, "1280h" a portrait's height), with counts.
inventory() {
  python3 - "$1" "$2" >>"$RUN_DIR/outputs.tsv" <<'PY'
import collections, os, sys
from PIL import Image
label, top = sys.argv[1:]
kinds = collections.defaultdict(lambda: [0, 0, collections.Counter()])
for folder, dirs, files in os.walk(top):
    for name in files:
        path = os.path.join(folder, name)
        ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
        kind = {"jpg": "jpeg", "jpeg": "jpeg", "webp": "webp", "png": "png", "avif": "avif",
                "html": "html"}.get(ext, "other")
        row = kinds[kind]
        row[0] += 1
        row[1] += os.path.getsize(path)
        if kind in ("jpeg", "webp", "png", "avif") and "/static" not in path[len(top):] \
                and "/assets" not in path[len(top):]:
            try:
                with Image.open(path) as im:
                    w, h = im.size
                row[2][f"{w}²" if w == h else f"{w}w" if w > h else f"{h}h"] += 1
            except Exception:
                row[2]["?"] += 1
for kind in sorted(kinds):
    files, size, sizes = kinds[kind]
    detail = " ".join(f"{k}:{n}" for k, n in sizes.most_common(8))
    print(f"{label}\t{kind}\t{files}\t{size}\t{detail}")
PY
}

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

# ---------------------------------------------------------------------------- machine

load_avg() { cut -d' ' -f1-3 /proc/loadavg; }
meta date "$(date -u '+%Y-%m-%d %H:%M UTC')"
meta host "$(hostname)"
meta nproc "$(nproc)"
meta cpu "$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)"
meta ram "$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
meta vips "$(vips --version 2>/dev/null || echo none)"
meta hugo "$(hugo version 2>/dev/null | awk '{ print $2 }' || echo none)"
meta sigal "$(sigal --version 2>/dev/null | awk '{ print $NF }' || echo none)"
meta pillow "$(python3 -c 'import PIL; print(PIL.__version__)' 2>/dev/null || echo none)"
meta catgallery "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Package.swift || echo '+dirty')"
meta photos "$N"
meta runs "$RUNS"
meta vips_runs "$VIPS_RUNS"
meta sigal_runs "$SIGAL_RUNS"
meta hugo_runs "$HUGO_RUNS"
meta pages_runs "$PAGES_RUNS"
meta preview_photos "$PREVIEW_N"
meta preview_runs "$PREVIEW_RUNS"
meta hugo_photos "$HUGO_N"
meta pages "$PAGES"
meta quick "${QUICK:-0}"
meta load_start "$(load_avg)"

# ---------------------------------------------------------------------------- runs

# The sections other than preview (which takes its own PREVIEW_PHOTOS) share N photos.
if want ours || want vips || want sigal || want hugo || want serve; then
  log "photo set: $N photos"
  WORK=$(photo_set "$N")
else
  WORK=$(photo_set "$PREVIEW_N")
fi
SITE="$WORK/site"
meta corpus_mb "$(du -sLm "$WORK/photos" | cut -f1)"
meta corpus_desc "$(awk -F'\t' 'NR > 1 { n++; if ($5 != 1) r++; if ($6 == "png") p++; if ($4 > $3) t++ }
  END { printf "%d photos (%d stored portrait, %d EXIF-rotated, %d PNG)", n, t, r, p }' "$WORK/manifest.tsv")"

if want ours; then
  make_site "$WORK" "$SITE" "$OURS_IMAGES"
  TOUCH=$(touch_list "$SITE" "$N")
  meta touched "$(echo "$TOUCH" | wc -l)"
  for run in $(seq "$RUNS"); do
    log "catgallery, run $run/$RUNS"
    rm -rf "$SITE/.cache" "$SITE/public"
    measure ours_cold "$run" "$CATGALLERY" build --site "$SITE" --verbose
    measure ours_nochange "$run" "$CATGALLERY" build --site "$SITE" --verbose
    for f in $TOUCH; do rewrite_photo "$SITE/content/photos/$f" "$run-$(date +%s%N)"; done
    measure ours_touched "$run" "$CATGALLERY" build --site "$SITE" --verbose
  done
  meta ours_outputs "$(count_files "$SITE/.cache/catgallery/derivatives")"
  meta ours_mpx "$(megapixels "$SITE/.cache/catgallery/derivatives")"
  meta ours_site_pages "$(find "$SITE/public" -name '*.html' | wc -l)"
  # serve (below) starts from this warm cache, as a user's serve would.
  [ -n "${BENCH_KEEP:-}" ] || want serve || rm -rf "$SITE/.cache" "$SITE/public"
fi

if want vips; then
  make_vips_jobs "$WORK" "$WORK/vips-ladder" >"$WORK/vips-ladder.jobs"
  meta vips_calls "$(wc -l <"$WORK/vips-ladder.jobs")"
  for run in $(seq "$VIPS_RUNS"); do
    log "vipsthumbnail, run $run/$VIPS_RUNS"
    rm -rf "$WORK/vips-ladder" "$WORK/vips-floor"
    mkdir -p "$WORK/vips-ladder" "$WORK/vips-floor"
    measure vips_ladder "$run" xargs -a "$WORK/vips-ladder.jobs" -P2 -L1 vipsthumbnail
    measure vips_floor "$run" sh -c 'ls -d "$1"/photos/* | xargs -P2 -n 25 vipsthumbnail --size 400 -o "$2/%s.jpg[Q=$3,strip]"' \
      _ "$WORK" "$WORK/vips-floor" "$QUALITY"
  done
  meta vips_ladder_outputs "$(count_files "$WORK/vips-ladder")"
  meta vips_floor_outputs "$(count_files "$WORK/vips-floor")"
  meta vips_ladder_mpx "$(megapixels "$WORK/vips-ladder")"
  meta vips_floor_mpx "$(megapixels "$WORK/vips-floor")"
  [ -n "${BENCH_KEEP:-}" ] || rm -rf "$WORK/vips-ladder" "$WORK/vips-floor"
fi

if want sigal; then
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
    rm -rf "$SIGAL_SITE/.cache" "$SIGAL_SITE/public"
    measure ours_sigal "$run" "$CATGALLERY" build --site "$SIGAL_SITE" --verbose
    log "sigal, run $run/$SIGAL_RUNS"
    rm -rf "$WORK/sigal/out"
    measure sigal "$run" sigal build -c "$WORK/sigal/sigal.conf.py"
  done
  meta ours_sigal_outputs "$(count_files "$SIGAL_SITE/.cache/catgallery/derivatives")"
  meta ours_sigal_mpx "$(megapixels "$SIGAL_SITE/.cache/catgallery/derivatives")"
  meta ours_sigal_site_pages "$(find "$SIGAL_SITE/public" -name '*.html' | wc -l)"
  meta sigal_outputs "$(find "$WORK/sigal/out" -path '*/static' -prune -o -type f \( -iname '*.jpg' -o -iname '*.png' \) -print | wc -l)"
  meta sigal_mpx "$(megapixels "$WORK/sigal/out")"
  [ -n "${BENCH_KEEP:-}" ] || rm -rf "$WORK/sigal/out" "$SIGAL_SITE/.cache" "$SIGAL_SITE/public"
fi

if want preview; then
  # Each tool at its defaults on the same photos: what a user comparing them would run.
  log "preview photo set: $PREVIEW_N photos"
  PWORK=$(photo_set "$PREVIEW_N")
  PDIR="$PWORK/preview"
  rm -rf "$PDIR"
  mkdir -p "$PDIR/sigal"
  printf 'source = %s\ndestination = %s\n' "'$PWORK/photos'" "'$PDIR/sigal/out'" >"$PDIR/sigal/sigal.conf.py"
  meta preview_corpus_mb "$(du -sLm "$PWORK/photos" | cut -f1)"
  for run in $(seq "$PREVIEW_RUNS"); do
    log "catgallery preview --build-to, run $run/$PREVIEW_RUNS"
    rm -rf "$PDIR/cache" "$PDIR/out"
    measure preview "$run" env XDG_CACHE_HOME="$PDIR/cache" "$CATGALLERY" preview "$PWORK/photos" \
      --build-to "$PDIR/out"
    if [ -n "${PREVIEW_BASELINE:-}" ]; then
      log "baseline preview --build-to ($PREVIEW_BASELINE), run $run/$PREVIEW_RUNS"
      rm -rf "$PDIR/cache" "$PDIR/base-out"
      measure preview_baseline "$run" env XDG_CACHE_HOME="$PDIR/cache" "$PREVIEW_BASELINE" preview \
        "$PWORK/photos" --build-to "$PDIR/base-out"
    fi
    log "sigal build, run $run/$PREVIEW_RUNS"
    rm -rf "$PDIR/sigal/out"
    measure preview_sigal "$run" sigal build -c "$PDIR/sigal/sigal.conf.py"
    # The floor: vipsthumbnail making the derivatives preview wrote, and one thumbnail per photo.
    if [ "$run" = 1 ]; then make_vips_like_jobs "$PDIR/out" "$PWORK/photos" "$PDIR/vips" >"$PDIR/vips.jobs"; fi
    log "vipsthumbnail, run $run/$PREVIEW_RUNS"
    rm -rf "$PDIR/vips" "$PDIR/vips-floor"
    mkdir -p "$PDIR/vips" "$PDIR/vips-floor"
    measure preview_vips "$run" xargs -a "$PDIR/vips.jobs" -P2 -L1 vipsthumbnail
    measure preview_vips_floor "$run" sh -c 'ls -d "$1"/* | xargs -P2 -n 25 vipsthumbnail --size 400 -o "$2/%s.jpg[Q=$3,strip]"' \
      _ "$PWORK/photos" "$PDIR/vips-floor" "$QUALITY"
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
  [ -n "${BENCH_KEEP:-}" ] || rm -rf "$PDIR"
fi

if want hugo; then
  make_hugo_images "$WORK" "$HUGO_N"
  for run in $(seq "$HUGO_RUNS"); do
    log "Hugo image ladder on $HUGO_N photos, run $run/$HUGO_RUNS (cold, then warm)"
    rm -rf "$WORK/hugo/resources" "$WORK/hugo/public" "$WORK/hugo/cache"
    measure hugo_cold "$run" hugo --source "$WORK/hugo" --quiet
    measure hugo_warm "$run" hugo --source "$WORK/hugo" --quiet
  done
  meta hugo_outputs "$(count_files "$WORK/hugo/resources/_gen/images")"
  meta hugo_mpx "$(megapixels "$WORK/hugo/resources/_gen/images")"
  [ -n "${BENCH_KEEP:-}" ] || rm -rf "$WORK/hugo/resources" "$WORK/hugo/public" "$WORK/hugo/cache"
fi

if want pages; then
  PAGES_DIR="$BENCH_DIR/pages-$PAGES"
  make_pages "$PAGES_DIR" "$PAGES"
  for run in $(seq "$PAGES_RUNS"); do
    log "$PAGES pages, run $run/$PAGES_RUNS"
    rm -rf "$PAGES_DIR/site/public" "$PAGES_DIR/site/.cache" "$PAGES_DIR/hugo/public"
    measure ours_pages "$run" "$CATGALLERY" build --site "$PAGES_DIR/site" --verbose
    measure hugo_pages "$run" hugo --source "$PAGES_DIR/hugo" --quiet
  done
  meta ours_pages_html "$(find "$PAGES_DIR/site/public" -name '*.html' | wc -l)"
  meta hugo_pages_html "$(find "$PAGES_DIR/hugo/public" -name '*.html' | wc -l)"
fi

if want ours && [ -n "$LARGE" ]; then
  log "large photo set: $LARGE_N photos"
  LWORK=$(photo_set "$LARGE_N")
  make_site "$LWORK" "$LWORK/site" "$OURS_IMAGES"
  for run in $(seq "${LARGE_RUNS:-1}"); do
    log "catgallery on $LARGE_N photos, run $run"
    rm -rf "$LWORK/site/.cache" "$LWORK/site/public"
    measure large_cold "$run" "$CATGALLERY" build --site "$LWORK/site" --verbose
    measure large_nochange "$run" "$CATGALLERY" build --site "$LWORK/site" --verbose
  done
  meta large_photos "$LARGE_N"
  meta large_outputs "$(count_files "$LWORK/site/.cache/catgallery/derivatives")"
  meta large_mpx "$(megapixels "$LWORK/site/.cache/catgallery/derivatives")"
  [ -n "${BENCH_KEEP:-}" ] || rm -rf "$LWORK/site/.cache" "$LWORK/site/public"
fi

if want serve; then
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
  [ -n "${BENCH_KEEP:-}" ] || rm -rf "$SITE/.cache" "$SITE/public"
fi

if want fetch; then
  log "catgallery fetch (bench/fetch.py)"
  if ! python3 "$REPO/bench/fetch.py" --binary "$CATGALLERY" --runs "$RUNS" >"$RUN_DIR/fetch.md" 2>"$RUN_DIR/logs/fetch.log"; then
    tail -n 30 "$RUN_DIR/logs/fetch.log" >&2
    die "bench/fetch.py failed; log in $RUN_DIR/logs/fetch.log"
  fi
  cat "$RUN_DIR/fetch.md" >&2
fi

# Videos against sigal: its own file, as it brings its own clips.
if want videos; then source "$REPO/bench/videos.sh"; fi

meta load_end "$(load_avg)"

# ---------------------------------------------------------------------------- report

if [ -n "$QUICK" ]; then
  REPORT="$RUN_DIR/report.md"
else
  mkdir -p "$REPO/bench/results"
  # <date>-<host>.md; a second report that day keeps the first, adding the commit.
  REPORT="$REPO/bench/results/$(date -u +%Y-%m-%d)-$(hostname -s)"
  [ -e "$REPORT.md" ] && REPORT="$REPORT-$(git rev-parse --short HEAD)"
  base=$REPORT i=2
  while [ -e "$REPORT.md" ]; do REPORT="$base-$i" i=$((i + 1)); done
  REPORT="$REPORT.md"
fi
python3 "$REPO/bench/report.py" "$RUN_DIR" >"$REPORT"
cat "$REPORT"
log "report written to $REPORT (raw data and logs in $RUN_DIR)"

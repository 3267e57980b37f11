#!/usr/bin/env bash
# bench/run.sh: catgallery against the tools its users would pick instead, in one run.
#
# A small harness: this file reads the settings, records the machine, then sources one
# file per benchmark from bench/suites/ in the order below, each adding rows to
# $RUN_DIR/measurements.tsv through `measure` (bench/lib/harness.sh) and facts to
# $RUN_DIR/meta.tsv through `meta`; bench/report.py turns that folder into markdown.
#
#   ours     catgallery cold, no-change and 1%-touched builds of N photos
#   vips     vipsthumbnail making the same derivatives, and a one-thumbnail floor
#   sigal    sigal at its defaults against catgallery making sigal's kind of outputs
#   preview  `catgallery preview --build-to` against sigal, each at its defaults
#   hugo     Hugo resizing the same ladder in a template, cold and warm
#   pages    10,000 pages without images against Hugo, on the disk and on a tmpfs
#   large    catgallery on 2,000 corpus photos (only with BENCH_LARGE=1 or named)
#   scale    20,000 tiny photos and 100,000 fact pages: peak memory, no-change time,
#            the largest page
#   search   the chunked search index against Pagefind on the 20,000-photo site
#   serve    bench/serve.py: edit-to-reload, wrk load and memory of `serve`
#   fetch    bench/fetch.py: `catgallery fetch` against a local stand-in API
#   videos   generated phone-like clips, catgallery against sigal
#   animation one long animated GIF previewed: peak memory against sigal
# Each suite's file says what it measures, its labels and its own settings.
#
# The report goes to bench/results/<date>-<host>.md (a second report on the same day gets
# -<commit> added rather than replacing the first). Raw data, logs and a copy of the binary
# stay in $BENCH_DIR/runs/<time>/; report.py rebuilds the markdown from such a folder. One
# run at a time per BENCH_DIR (flock on $BENCH_DIR/.lock).
# Time: the 500-photo corpus takes ~15 CPU-minutes to generate (once); a default run
# ~2 h on 2 cores, most of it vipsthumbnail, Hugo and the 20,000-photo site.
#
# Environment:
#   BENCH_DIR     where the corpora, sites and outputs live (default /var/tmp/catgallery-bench);
#                 corpora are kept between runs, outputs are deleted (after the last suite)
#                 unless BENCH_KEEP=1
#   BENCH_ONLY    space-separated subset of the suites above (default: all but large)
#   BENCH_QUICK=1 small smoke run; its report goes to BENCH_DIR, not bench/results/
#   BENCH_PHOTOS  photos in the corpus (default 500; 12 in BENCH_QUICK mode)
#   RUNS          runs per measurement (default 3; 1 in BENCH_QUICK mode)
#   VIPS_RUNS, SIGAL_RUNS, HUGO_RUNS, PAGES_RUNS
#                 runs of those tools (default RUNS each); the Hugo image build is slow
#                 (~8 CPU-seconds per photo), so HUGO_RUNS=1 is often enough
#   HUGO_PHOTOS   give Hugo only the first HUGO_PHOTOS photos (default all); its targets
#                 then compare time per output image, as the ladder per photo is the same
#   BENCH_PAGES   pages for the page benchmark (default 10000; 1000 in BENCH_QUICK mode)
#   PAGES_TMPFS   a tmpfs for the pages benchmark (default $BENCH_DIR/tmpfs, mounted if need be)
#   BENCH_LARGE=1 also run `large` (LARGE_PHOTOS, default 2000)
#   SCALE_PHOTOS, SCALE_PAGES
#                 the scale and search suites' sizes (20000 and 100000; 2000 and 5000 quick)
#   PREVIEW_PHOTOS photos for the preview-vs-sigal comparison (default 100; 12 in BENCH_QUICK
#                 mode); PREVIEW_RUNS runs of each tool there (default RUNS, at least 3 unless quick)
#   PREVIEW_BASELINE another catgallery binary (say, a build of main) whose preview is timed in
#                 the same runs, for a before/after ratio
#   VIDEO_CLIPS, VIDEO_SECONDS, VIDEO_RUNS  see bench/suites/videos.sh
#   CATGALLERY    the binary (default .build/release/catgallery, relative to the repo)
# Installs libvips-tools, hugo, wrk and time (apt-get), sigal and pagefind-bin (pip) when
# missing; the corpus script may install its Debian seed packages and fetch the
# scikit-image wheel from PyPI.
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
LARGE_N=${LARGE_PHOTOS:-2000}
SUITES="ours vips sigal preview hugo pages large scale search serve fetch videos animation"
ONLY=${BENCH_ONLY:-${SUITES/large/$([ "${BENCH_LARGE:-0}" != 0 ] && echo large)}}
PREVIEW_N=${PREVIEW_PHOTOS:-$([ -n "$QUICK" ] && echo 12 || echo 100)}
PREVIEW_RUNS=${PREVIEW_RUNS:-$([ -n "$QUICK" ] && echo 1 || echo $((RUNS > 3 ? RUNS : 3)))}
CATGALLERY=${CATGALLERY:-.build/release/catgallery}
CORPUS_SCRIPT="$REPO/../shared/bench/make-corpus.sh"

source "$REPO/bench/lib/harness.sh"
source "$REPO/bench/lib/photos.sh"
for suite in $ONLY; do
  [[ " $SUITES " == *" $suite "* ]] || die "no benchmark named $suite (BENCH_ONLY); there are: $SUITES"
done

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

# A private copy of the binary: a rebuild elsewhere must not change it halfway through.
cp "$CATGALLERY" "$RUN_DIR/catgallery"
meta binary "$CATGALLERY ($("$CATGALLERY" --version 2>/dev/null || echo ?), built $(date -r "$CATGALLERY" -u '+%H:%M UTC'))"
CATGALLERY="$RUN_DIR/catgallery"


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
meta suites "$ONLY"

# ---------------------------------------------------------------------------- runs

# ours, vips, sigal, hugo and serve share a photo set of N corpus photos.
if want ours || want vips || want sigal || want hugo || want serve; then
  log "photo set: $N photos"
  WORK=$(photo_set "$N")
  SITE="$WORK/site"
  meta corpus_mb "$(du -sLm "$WORK/photos" | cut -f1)"
  meta corpus_desc "$(awk -F'\t' 'NR > 1 { n++; if ($5 != 1) r++; if ($6 == "png") p++; if ($4 > $3) t++ }
    END { printf "%d photos (%d stored portrait, %d EXIF-rotated, %d PNG)", n, t, r, p }' "$WORK/manifest.tsv")"
fi

for suite in $SUITES; do
  want "$suite" || continue
  meta "load_before_$suite" "$(load_avg)"
  source "$REPO/bench/suites/$suite.sh"
done

meta load_end "$(load_avg)"
# Outputs the suites set aside rather than deleted between timed runs (bench/lib/harness.sh).
delete_set_aside

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

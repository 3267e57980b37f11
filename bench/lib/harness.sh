# bench/lib/harness.sh: what every benchmark uses. Sourced by bench/run.sh, which sets
# ONLY, RUN_DIR, TSV and META first.

log() { printf '\033[1m== %s\033[0m\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
# want NAME: whether this run measures the benchmark NAME (BENCH_ONLY).
want() { [[ " $ONLY " == *" $1 "* ]]; }
meta() { printf '%s\t%s\n' "$1" "$2" >>"$META"; }
load_avg() { cut -d' ' -f1-3 /proc/loadavg; }

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

# ---------------------------------------------------------------------------- clean outputs
#
# A clean build must not pay for the one before it. On an ext4 without a journal (this
# machine's disk) the kernel does not reuse an inode for 60 s after it was freed, or 360 s
# if its inode table block is dirty when asked, which it is again as soon as a new file
# gets an inode in that block (recently_deleted() in fs/ext4/ialloc.c); every new inode
# costs a look at each such inode before a free one. Right after `rm -rf` of the last
# output, each of the next build's 20,000 files and folders took over half a millisecond
# of kernel time, and the sys time of either tool grew run after run (catgallery 1.1, 5.6,
# 8.2, 12.2 s; Hugo 2.1, 6.6, 10.3, 13.0 s). And the 100 MB the last run wrote is
# written back while the next one runs, by the kernel's threads, on the same two cores.
# So no suite deletes anything on the disk: a last output, a cache a cold run must not
# have, or inputs made again, are set aside (one rename, nothing freed) into $GRAVE;
# what was set aside is deleted once every suite is done (`delete_set_aside`, run.sh);
# and each timed run that starts from nothing starts through `clean_start`: its outputs
# set aside, then `settle`: everything written back, and no inode freed on the disk in
# the last 361 s (the time is kept in $BENCH_DIR/.last-delete). As nothing is deleted
# during a bench, only the first of them can wait, for the deletions at the end of the
# bench before. The same for every tool. The page cache is not dropped: that would make
# the inputs cold too, and it is shared with whatever else runs here. What set-aside
# outputs take on the disk is freed only at the end (a few GB for a full run).

# Where suites set things aside on the disk; on BENCH_DIR's file system, so a move is a rename.
GRAVE="$BENCH_DIR/set-aside"

# The graves to empty at the end. $GRAVE is always one: suites that run in a subshell,
# like photo_set, add to it without telling this shell.
SET_ASIDE=("$GRAVE")

# delete PATH...: rm -rf, noting the time when PATH is on a disk (see settle).
delete() {
  local path disk
  for path in "$@"; do
    [ -e "$path" ] || continue
    disk=1
    [ "$(stat -f -c %T "$path")" = tmpfs ] && disk=""
    rm -rf "$path"
    # The time the last inode went, not the first: deleting 60,000 takes minutes here.
    [ -z "$disk" ] || date +%s >"$BENCH_DIR/.last-delete"
  done
}

# set_aside GRAVE PATH...: moves each PATH that exists into the folder GRAVE (on the same
# file system); GRAVE goes in `delete_set_aside`.
set_aside() {
  local grave=$1 path
  shift
  mkdir -p "$grave"
  [[ " ${SET_ASIDE[*]} " == *" $grave "* ]] || SET_ASIDE+=("$grave")
  for path in "$@"; do
    [ -e "$path" ] && mv "$path" "$(mktemp -u "$grave/$(basename "$path").XXXXXX")"
  done
  return 0
}

# delete_set_aside: deletes what set_aside moved, after the last timed run of every suite.
delete_set_aside() {
  [ ${#SET_ASIDE[@]} -eq 0 ] || delete "${SET_ASIDE[@]}"
  SET_ASIDE=()
}

# clean_start PATH...: before a timed run that must find none of PATH (outputs, caches):
# each set aside into $GRAVE, then `settle`.
clean_start() {
  set_aside "$GRAVE" "$@"
  settle
}

# settle: writes back every dirty page and waits until no inode `delete` freed on a disk
# is younger than 361 s.
settle() {
  sync
  local last wait
  last=$(cat "$BENCH_DIR/.last-delete" 2>/dev/null || echo 0)
  wait=$((last + 361 - $(date +%s)))
  if [ "$wait" -gt 0 ]; then
    log "waiting ${wait} s for the inodes deleted on disk to be free for reuse"
    sleep "$wait"
  fi
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

# vips_pair LABEL FLOOR_LABEL RUN JOBS PHOTOS OUT FLOOR_OUT: vipsthumbnail running the calls
# in JOBS into OUT, then the floor, one 400 px JPEG per photo in PHOTOS into FLOOR_OUT;
# two calls at a time, each into a new empty folder (`clean_start`).
vips_pair() {
  local label=$1 floor_label=$2 run=$3 jobs=$4 photos=$5 out=$6 floor=$7
  clean_start "$out"
  mkdir -p "$out"
  measure "$label" "$run" xargs -a "$jobs" -P2 -L1 vipsthumbnail
  clean_start "$floor"
  mkdir -p "$floor"
  measure "$floor_label" "$run" sh -c 'ls -d "$1"/* | xargs -P2 -n 25 vipsthumbnail --size 400 -o "$2/%s.jpg[Q=$3,strip]"' \
    _ "$photos" "$floor" "$QUALITY"
}

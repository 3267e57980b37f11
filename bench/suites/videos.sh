# bench/suites/videos.sh: issue #23's video benchmark, catgallery's video processing against
# sigal's on the same clips. Sourced by bench/run.sh when BENCH_ONLY names "videos" (and in
# a full `make bench`); it uses run.sh's BENCH_DIR, RUN_DIR, RUNS, QUICK, CATGALLERY and its
# measure, meta, log and die.
#
# The clips: VIDEO_CLIPS (default 20; 4 in BENCH_QUICK mode) generated 1920x1080 30 fps
# clips of VIDEO_SECONDS (default 10; 2 in quick mode), ffmpeg's testsrc2 pattern and a sine
# tone, each with its own hue and pitch so that no two have the same bytes. The first half
# are what catgallery remuxes (H.264 High 8-bit yuv420p with AAC at 8 Mbit/s, under its
# threshold of 0.2 bits per pixel per frame, 12.4 Mbit/s here); the second half are what
# it must transcode (HEVC from libx265 in .mov, as phones record; the last one is turned
# 90° by a display matrix, a portrait clip). They are made once, with thread counts that
# give the same bytes every time (checked by making a clip twice), and kept in
# $BENCH_DIR/clips-<recipe>-<clips>-<seconds>s/.
#
# Measured one after the other in each of VIDEO_RUNS runs (default RUNS):
#   videos_ours_cold       catgallery preview CLIPS --build-to OUT, empty XDG_CACHE_HOME
#   videos_ours_nochange   the same again with the same cache: should start no ffmpeg
#   videos_sigal           sigal build at its defaults (only source and destination set),
#                          empty output folder
#   videos_sigal_nochange  sigal build again on its own output
# Every ffmpeg and ffprobe that either tool starts goes through a wrapper first in PATH,
# which logs its arguments and, through /usr/bin/time, its wall time, CPU time and peak
# RSS; videos-calls.tsv then counts the processes and splits the time by kind of call
# (probe, poster, remux, transcode). The output videos are probed afterwards
# (videos-outputs.tsv: size, codec, resolution, length of each). bench/report.py turns
# these into the "videos vs sigal" section.
#
# A run with BENCH_ONLY=videos still links run.sh's preview photo set (PREVIEW_PHOTOS photos,
# generated once per BENCH_DIR); PREVIEW_PHOTOS=12 keeps that small when it is not there yet.

VIDEO_CLIPS=${VIDEO_CLIPS:-$([ -n "$QUICK" ] && echo 4 || echo 20)}
VIDEO_SECONDS=${VIDEO_SECONDS:-$([ -n "$QUICK" ] && echo 2 || echo 10)}
VIDEO_RUNS=${VIDEO_RUNS:-$RUNS}
# Raise when the recipe below changes, so old clips are not taken for new ones.
VIDEO_RECIPE=3

command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || die "videos: ffmpeg and ffprobe are needed (apt-get install ffmpeg)"
if ! command -v sigal >/dev/null; then
  log "installing sigal"
  python3 -m pip install -q sigal
fi
FFMPEG=$(command -v ffmpeg)
FFPROBE=$(command -v ffprobe)

# make_clips DIR: the clips in DIR, each made unless it is there already (a clip is
# written under a temporary name and renamed when whole, so a stopped run resumes).
make_clips() {
  local dir=$1 i name hue pitch
  [ -f "$dir/.done" ] && return
  log "generating $VIDEO_CLIPS clips of $VIDEO_SECONDS s in $dir (kept for later runs)"
  mkdir -p "$dir"
  rm -f "$dir"/*.part.*
  local half=$((VIDEO_CLIPS / 2))
  local source=(-f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=$VIDEO_SECONDS")
  # No encoder name or date in the files: the same recipe gives the same bytes.
  local exact=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -movflags +faststart)
  for i in $(seq "$VIDEO_CLIPS"); do
    hue=$((i * 360 / VIDEO_CLIPS))
    pitch=$((200 + 40 * i))
    local tone=(-f lavfi -i "sine=frequency=$pitch:sample_rate=48000:duration=$VIDEO_SECONDS")
    local audio=(-c:a aac -b:a 128k)
    if [ "$i" -le "$half" ]; then
      # Remuxable: H.264 High, 8-bit 4:2:0, AAC, 8 Mbit/s. One x264 thread: at a set bit
      # rate, two threads gave different bytes from run to run (measured).
      name=$(printf 'clip-%02d-h264.mp4' "$i")
      [ -f "$dir/$name" ] && continue
      ffmpeg -nostdin -hide_banner -loglevel error "${source[@]}" "${tone[@]}" -vf "hue=h=$hue" \
        -c:v libx264 -preset veryfast -profile:v high -pix_fmt yuv420p -b:v 8M -maxrate 10M -bufsize 16M \
        -threads 1 "${audio[@]}" "${exact[@]}" -f mp4 "$dir/$name.part.1"
    else
      # Transcoded: HEVC 8-bit 4:2:0 (hvc1, as Apple devices write it), AAC, 8 Mbit/s.
      # x265's fastest preset only to keep generation short (a few CPU-minutes for all);
      # both tools decode whatever preset made the stream.
      name=$(printf 'clip-%02d-hevc.mov' "$i")
      [ -f "$dir/$name" ] && continue
      ffmpeg -nostdin -hide_banner -loglevel error "${source[@]}" "${tone[@]}" -vf "hue=h=$hue" \
        -c:v libx265 -preset ultrafast -pix_fmt yuv420p -b:v 8M -x265-params pools=2:log-level=error -tag:v hvc1 \
        "${audio[@]}" "${exact[@]}" -f mov "$dir/$name.part.1"
      if [ "$i" = "$VIDEO_CLIPS" ]; then
        # The portrait clip: ffmpeg 5.1 writes a display matrix from a `rotate` tag when
        # copying into MP4/MOV (a phone held upright stores landscape frames and this matrix).
        ffmpeg -nostdin -hide_banner -loglevel error -i "$dir/$name.part.1" -map 0 -c copy \
          -metadata:s:v:0 rotate=90 "${exact[@]}" -f mov "$dir/$name.part.2"
        mv "$dir/$name.part.2" "$dir/$name.part.1"
      fi
    fi
    mv "$dir/$name.part.1" "$dir/$name"
  done
  touch "$dir/.done"
}

# probe_videos LABEL DIR...: one row per video file below DIR to stdout: label, file
# name, bytes, codec, profile, pixel format, displayed width and height (after the display
# matrix), seconds, frames, video bit rate. Not timed: the tools are done by then.
probe_videos() {
  python3 - "$FFPROBE" "$@" <<'PY'
import json, os, subprocess, sys
ffprobe, label, *tops = sys.argv[1:]
for top in tops:
    for folder, dirs, files in os.walk(top):
        dirs.sort()
        for name in sorted(files):
            if not name.lower().endswith((".mp4", ".mov", ".webm", ".m4v", ".mkv")):
                continue
            path = os.path.join(folder, name)
            info = json.loads(subprocess.run(
                [ffprobe, "-v", "error", "-count_packets", "-print_format", "json", "-show_format",
                 "-show_streams", path], capture_output=True, check=True).stdout)
            video = next(s for s in info["streams"] if s["codec_type"] == "video")
            w, h = video["width"], video["height"]
            turn = next((abs(int(float(d.get("rotation", 0)))) for d in video.get("side_data_list", [])
                         if "rotation" in d), 0)
            if turn % 180 == 90:
                w, h = h, w
            audio = next((s["codec_name"] for s in info["streams"] if s["codec_type"] == "audio"), "none")
            print("\t".join(str(x) for x in (
                label, name, os.path.getsize(path), video["codec_name"], video.get("profile", ""),
                video.get("pix_fmt", ""), w, h, info["format"].get("duration", "0"),
                video.get("nb_read_packets", ""), video.get("bit_rate", info["format"].get("bit_rate", "")), audio)))
PY
}

# A folder with two wrappers, ffmpeg and ffprobe, that stand in for the real ones: each
# appends "pid<TAB>tool<TAB>start<TAB>args" to $VIDEO_CALL_LOG, then replaces itself (same
# pid) with /usr/bin/time running the real tool, which appends
# "pid<TAB>time<TAB>wall<TAB>user<TAB>sys<TAB>peak RSS kB" when it ends.
make_wrappers() {
  local dir=$1 tool real
  mkdir -p "$dir"
  for tool in ffmpeg ffprobe; do
    real=$([ "$tool" = ffmpeg ] && echo "$FFMPEG" || echo "$FFPROBE")
    cat >"$dir/$tool" <<EOF
#!/bin/sh
printf '%s\t$tool\t%s\t%s\n' "\$\$" "\$(date +%s.%N)" "\$*" >>"\$VIDEO_CALL_LOG"
exec /usr/bin/time -a -o "\$VIDEO_CALL_LOG" -f "\$\$\ttime\t%e\t%U\t%S\t%M" "$real" "\$@"
EOF
    chmod +x "$dir/$tool"
  done
}

# summarize_calls LABEL RUN LOG: the wrapper's log as rows of $RUN_DIR/videos-calls.tsv:
# label, run, tool, kind, start (epoch s), wall s, user s, sys s, peak RSS kB, arguments.
# The kind is read from the arguments: catgallery's capability check (-encoders,
# -filters), probe (ffprobe, or sigal's bare `ffmpeg -i FILE`), poster (one frame), remux
# (-c copy) or transcode.
summarize_calls() {
  python3 - "$@" >>"$RUN_DIR/videos-calls.tsv" <<'PY'
import sys
label, run, log = sys.argv[1:]
pending, rows = {}, []
for line in open(log, errors="replace").read().splitlines():
    fields = line.split("\t")
    if len(fields) >= 6 and fields[1] == "time":
        tool, start, args = pending.pop(fields[0], ("?", "0", ""))
        rows.append((tool, start, args, fields[2:6]))
    elif len(fields) >= 4 and fields[1] in ("ffmpeg", "ffprobe"):
        pending[fields[0]] = (fields[1], fields[2], "\t".join(fields[3:]))
for tool, start, args in pending.values():  # killed before time wrote its line
    rows.append((tool, start, args, ["0", "0", "0", "0"]))
for tool, start, args, (wall, user, sys_, rss) in rows:
    words = args.split()
    if tool == "ffprobe" or len(words) <= 2:
        kind = "probe"
    elif "-encoders" in words or "-filters" in words:
        kind = "capabilities"
    elif "-vframes" in words or "-frames:v" in words:
        kind = "poster"
    elif "copy" in words and "libx264" not in words:
        kind = "remux"
    else:
        kind = "transcode"
    print("\t".join([label, run, tool, kind, start, wall, user, sys_, rss, args]))
PY
}

# own_peak PATTERN OUT: while it runs, writes to OUT the largest VmHWM (kB) of the
# processes whose command line holds PATTERN, sampled every 0.25 s: catgallery's own
# peak, which /usr/bin/time cannot give apart from its ffmpeg runs'. VmHWM only grows, so
# only a peak in the last quarter second before exit can be missed.
own_peak() {
  local pattern=$1 out=$2 peak=0 pid hwm
  echo 0 >"$out"
  while :; do
    for pid in $(pgrep -f -- "$pattern"); do
      hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
      if [ "${hwm:-0}" -gt "$peak" ]; then peak=$hwm && echo "$peak" >"$out"; fi
    done
    sleep 0.25
  done
}

# ---------------------------------------------------------------------------- the runs

CLIPS="$BENCH_DIR/clips-r$VIDEO_RECIPE-$VIDEO_CLIPS-${VIDEO_SECONDS}s"
make_clips "$CLIPS"
VDIR="$BENCH_DIR/videos"
set_aside "$GRAVE" "$VDIR"
mkdir -p "$VDIR/sigal"
make_wrappers "$VDIR/bin"
# sigal at its defaults: only where to read and where to write.
printf 'source = %s\ndestination = %s\n' "'$CLIPS'" "'$VDIR/sigal/out'" >"$VDIR/sigal/sigal.conf.py"
probe_videos input "$CLIPS" >"$RUN_DIR/videos-inputs.tsv"
: >"$RUN_DIR/videos-calls.tsv"
meta video_clips "$VIDEO_CLIPS"
meta video_seconds "$VIDEO_SECONDS"
meta video_runs "$VIDEO_RUNS"
meta video_clips_mb "$(du -sm "$CLIPS" | cut -f1)"
meta ffmpeg "$(ffmpeg -hide_banner -version | awk 'NR == 1 { print $3 }')"
meta sigal_video_defaults "$(python3 -c 'from sigal.settings import _DEFAULT_CONFIG as c
print("video_format %s, video_size %s, %s_options %s, use_orig %s" % (c["video_format"], c["video_size"],
      c["video_format"], " ".join(c[c["video_format"] + "_options"]), c["use_orig"]))' 2>/dev/null || echo '?')"

# timed LABEL RUN COMMAND...: measure's wall time, CPU and peak RSS, with every ffmpeg and
# ffprobe the command starts logged by the wrappers, and catgallery's own peak memory.
timed() {
  local label=$1 run=$2
  shift 2
  local calls="$RUN_DIR/logs/$label.$run.calls" peak="$RUN_DIR/logs/$label.$run.own-rss" sampler
  : >"$calls"
  meta "load_${label}_$run" "$(load_avg | cut -d' ' -f1)"
  if [[ $label == videos_ours* ]]; then
    own_peak "$CATGALLERY preview" "$peak" &
    sampler=$!
  fi
  measure "$label" "$run" env VIDEO_CALL_LOG="$calls" PATH="$VDIR/bin:$PATH" "$@"
  if [[ $label == videos_ours* ]]; then
    kill "$sampler" 2>/dev/null || true  # a run shorter than its first sample has no sampler left
    wait "$sampler" 2>/dev/null || true
    meta "own_rss_${label}_$run" "$(cat "$peak")"
  fi
  summarize_calls "$label" "$run" "$calls"
  printf '   %-22s        %d ffmpeg/ffprobe processes\n' "$label" "$(grep -c $'\ttime\t' "$calls")" >&2
}

for run in $(seq "$VIDEO_RUNS"); do
  log "videos: catgallery preview --build-to, cold then no change, run $run/$VIDEO_RUNS"
  clean_start "$VDIR/cache" "$VDIR/out"
  timed videos_ours_cold "$run" env XDG_CACHE_HOME="$VDIR/cache" "$CATGALLERY" preview "$CLIPS" --build-to "$VDIR/out"
  # A build does not trust file times younger than two seconds.
  sleep 2
  timed videos_ours_nochange "$run" env XDG_CACHE_HOME="$VDIR/cache" "$CATGALLERY" preview "$CLIPS" --build-to "$VDIR/out"
  log "videos: sigal build, cold then no change, run $run/$VIDEO_RUNS"
  clean_start "$VDIR/sigal/out"
  timed videos_sigal "$run" sigal build -c "$VDIR/sigal/sigal.conf.py"
  timed videos_sigal_nochange "$run" sigal build -c "$VDIR/sigal/sigal.conf.py"
done
probe_videos ours "$VDIR/out" >"$RUN_DIR/videos-outputs.tsv"
probe_videos sigal "$VDIR/sigal/out" >>"$RUN_DIR/videos-outputs.tsv"
meta video_ours_cache_mb "$(du -sm "$VDIR/cache" | cut -f1)"
[ -n "${BENCH_KEEP:-}" ] || set_aside "$GRAVE" "$VDIR"

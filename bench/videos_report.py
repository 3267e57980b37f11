"""The "videos vs sigal" section of a bench report, from what bench/suites/videos.sh left in the
run folder: measurements (the `runs` of report.py), videos-inputs.tsv, videos-outputs.tsv
and videos-calls.tsv. Imported by report.py; `section` returns markdown lines."""
import collections
import statistics
from pathlib import Path

LABELS = {
    "videos_ours_cold": ("**catgallery preview --build-to**, cold", "empty cache (`XDG_CACHE_HOME`)", "ours"),
    "videos_ours_nochange": ("**catgallery**, no change", "same cache and output, run again", "ours"),
    "videos_sigal": ("sigal build, cold", "only source and destination set; empty output", "sigal"),
    "videos_sigal_nochange": ("sigal build, no change", "run again on its own output", "sigal"),
}
# The columns of the TSV files bench/suites/videos.sh writes.
VIDEO_COLUMNS = ["label", "name", "bytes", "codec", "profile", "pix_fmt", "width", "height", "seconds",
                 "frames", "bit_rate", "audio"]
CALL_COLUMNS = ["label", "run", "tool", "kind", "start", "wall", "user", "sys", "rss", "args"]


def read_tsv(path, columns):
    if not path.is_file():
        return []
    return [dict(zip(columns, line.split("\t"))) for line in path.read_text().splitlines() if line]


def fmt_s(x):
    return "–" if x is None else f"{x:.3f}" if x < 10 else f"{x:.1f}"


def sizes(videos):
    """ "1920×1080: 9, 1080×1920: 1" — displayed sizes, commonest first."""
    counts = collections.Counter(f"{v['width']}×{v['height']}" for v in videos)
    return ", ".join(f"{size}: {n}" for size, n in counts.most_common())


def kinds(videos, key):
    return ", ".join(f"{k or '?'}: {n}" for k, n in collections.Counter(v[key] for v in videos).most_common())


def seconds(videos):
    return sum(float(v["seconds"]) for v in videos)


def pixel_frames(videos):
    """Output pixels × frames: the work of encoding, whatever the resolution."""
    return sum(int(v["width"]) * int(v["height"]) * int(v["frames"] or 0) for v in videos)


def busy(calls):
    """Seconds in which at least one of `calls` ran, and the most that ran at once."""
    spans = sorted((float(c["start"]), float(c["start"]) + float(c["wall"])) for c in calls)
    total, end, most = 0.0, None, 0
    for i, (a, b) in enumerate(spans):
        most = max(most, sum(1 for x, y in spans[:i + 1] if y > a))
        if end is None or a > end:
            total += b - a
            end = b
        elif b > end:
            total += b - end
            end = b
    return total, most


def stem(name):
    return name.split(".", 1)[0]


def section(run_dir: Path, runs: dict, meta: dict) -> list[str]:
    if "videos_ours_cold" not in runs:
        return []
    out = []
    p = out.append
    inputs = read_tsv(run_dir / "videos-inputs.tsv", VIDEO_COLUMNS)
    outputs = read_tsv(run_dir / "videos-outputs.tsv", VIDEO_COLUMNS)
    calls = read_tsv(run_dir / "videos-calls.tsv", CALL_COLUMNS)
    made = {tool: [v for v in outputs if v["label"] == tool] for tool in ("ours", "sigal")}

    def med(label, key="wall"):
        return statistics.median(r[key] for r in runs[label]) if label in runs else None

    def started(label):
        """ffmpeg and ffprobe processes per run, as "n" or "min–max"."""
        counts = [sum(1 for c in calls if c["label"] == label and int(c["run"]) == r["run"]) for r in runs[label]]
        return str(counts[0]) if min(counts) == max(counts) else f"{min(counts)}–{max(counts)}"

    n, secs = meta.get("video_clips", "?"), meta.get("video_seconds", "?")
    p(f"## videos vs sigal ({n} clips of {secs} s at 1080p, each tool at its defaults)")
    p("")
    in_mb = sum(int(v["bytes"]) for v in inputs) / 1e6
    p(f"Clips (`bench/suites/videos.sh`): {len(inputs)} files, {in_mb:.0f} MB, {seconds(inputs):.0f} s of video; "
      f"codecs {kinds(inputs, 'codec')}; displayed sizes {sizes(inputs)}; video bit rates "
      f"{min(int(v['bit_rate']) for v in inputs) / 1e6:.1f}–{max(int(v['bit_rate']) for v in inputs) / 1e6:.1f} Mbit/s. "
      f"ffmpeg {meta.get('ffmpeg', '?')}. sigal's defaults (its settings.py): {meta.get('sigal_video_defaults', '?')}, "
      "one worker process per core. Load average at the start and end of the whole bench run is in the header; "
      "per-run loads are below.")
    p("")
    p("| run | how | runs | median s | min–max s | CPU s | peak RSS MB | ffmpeg + ffprobe started | "
      "load (1 min) at start | output video s per wall s |")
    p("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    rate = {}
    for label, (name, how, tool) in LABELS.items():
        if label not in runs:
            continue
        walls = [r["wall"] for r in runs[label]]
        loads = " / ".join(meta.get(f"load_{label}_{r['run']}", "?") for r in runs[label])
        per_s = "–"
        if label in ("videos_ours_cold", "videos_sigal") and made[tool]:
            rate[tool] = seconds(made[tool]) / med(label)
            per_s = f"{rate[tool]:.2f}"
        p(f"| {name} | {how} | {len(walls)} | {fmt_s(med(label))} | {fmt_s(min(walls))}–{fmt_s(max(walls))} | "
          f"{fmt_s(med(label, 'cpu'))} | {max(r['rss'] for r in runs[label]):.0f} | {started(label)} | {loads} | {per_s} |")
    p("")
    p("Peak RSS is that of the largest single process, the tool or one of its ffmpeg runs "
      "(`/usr/bin/time -v`); CPU time includes the ffmpeg runs.")
    p("")

    # What each wrote, probed after the last run.
    p("What each wrote (the videos only, probed with ffprobe; sizes as displayed, after any display matrix):")
    p("")
    p("| tool | videos | MB | codec | sizes | output video s | mean Mbit/s | output Mpx·frames per wall s |")
    p("| --- | ---: | ---: | --- | --- | ---: | ---: | ---: |")
    label_of = {"ours": "videos_ours_cold", "sigal": "videos_sigal"}
    for tool, videos in made.items():
        if not videos:
            continue
        mb = sum(int(v["bytes"]) for v in videos) / 1e6
        mbps = sum(int(v["bytes"]) for v in videos) * 8 / seconds(videos) / 1e6
        pxf = pixel_frames(videos) / 1e6 / med(label_of[tool])
        p(f"| {'**catgallery**' if tool == 'ours' else 'sigal'} | {len(videos)} | {mb:.1f} | "
          f"{kinds(videos, 'codec')} ({kinds(videos, 'pix_fmt')}; sound {kinds(videos, 'audio')}) | {sizes(videos)} | "
          f"{seconds(videos):.0f} | {mbps:.2f} | {pxf:.0f} |")
    p("")

    # The targets.
    if "ours" in rate and "sigal" in rate:
        theirs = {stem(v["name"]): int(v["width"]) * int(v["height"]) for v in made["sigal"]}
        ours = {stem(v["name"]): int(v["width"]) * int(v["height"]) for v in made["ours"]}
        # catgallery names its outputs after the clip plus a hash: match by the clip's stem.
        pairs = [(o, t) for s, t in theirs.items() for k, o in ours.items() if k.startswith(s)]
        at_least = bool(pairs) and len(pairs) == len(theirs) and all(o >= t for o, t in pairs)
        ratio = rate["ours"] / rate["sigal"]
        ok = ratio >= 2 and at_least
        p(f"- {'met' if ok else '**MISSED**'}: at least 2× sigal's seconds of output video per wall second, at equal "
          f"or higher resolution ({ratio:.2f}×: {rate['ours']:.2f} s against {rate['sigal']:.2f} s of video per "
          f"second; every catgallery output {'has' if at_least else 'does **not** have'} at least the pixels of "
          f"sigal's for the same clip)")
        # Each run times catgallery then sigal minutes apart, under much the same load: the
        # ratio within a run says how steady the median's is.
        walls = {r["run"]: r["wall"] for r in runs["videos_sigal"]}
        within = [walls[r["run"]] / r["wall"] * seconds(made["ours"]) / seconds(made["sigal"])
                  for r in runs["videos_ours_cold"] if r["run"] in walls]
        p(f"  - the same ratio within each run: {', '.join(f'{x:.2f}×' for x in within)}")
    if "videos_ours_nochange" in runs:
        counts = started("videos_ours_nochange")
        p(f"- {'met' if counts == '0' else '**MISSED**'}: a no-change rebuild starts no ffmpeg or ffprobe "
          f"({counts} started; {fmt_s(med('videos_ours_nochange'))} s)")
    own = [int(meta.get(f"own_rss_videos_ours_cold_{r['run']}", "0") or 0) / 1024 for r in runs["videos_ours_cold"]]
    if "videos_sigal" in runs:
        p(f"- peak memory (no target in the issue): catgallery cold {max(r['rss'] for r in runs['videos_ours_cold']):.0f} MB "
          f"for its largest process (an ffmpeg), catgallery itself {max(own):.0f} MB (its VmHWM, sampled); "
          f"sigal {max(r['rss'] for r in runs['videos_sigal']):.0f} MB (largest single process)")
    p("")

    # Where the time goes: the wrapper's log, summed per kind of call, median over runs.
    p("Where the cold runs' time goes (every ffmpeg/ffprobe, summed per kind; medians over the runs). "
      "Sums can exceed the wall time where calls overlap: catgallery makes posters in its image workers "
      "while its single video queue runs, and sigal runs one clip per core:")
    p("")
    p("| tool | kind | calls | wall s | CPU s | CPU / wall | largest RSS MB | video s made per s of these calls |")
    p("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label in ("videos_ours_cold", "videos_sigal"):
        if label not in runs:
            continue
        tool = LABELS[label][2]
        per_run = collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0.0, 0.0, 0]))
        for c in calls:
            if c["label"] == label:
                row = per_run[c["kind"]][int(c["run"])]
                row[0] += 1
                row[1] += float(c["wall"])
                row[2] += float(c["user"]) + float(c["sys"])
                row[3] = max(row[3], int(c["rss"]))
        for kind in ("capabilities", "probe", "poster", "remux", "transcode"):
            if kind not in per_run:
                continue
            rows = list(per_run[kind].values())
            calls_n = statistics.median(r[0] for r in rows)
            wall = statistics.median(r[1] for r in rows)
            cpu = statistics.median(r[2] for r in rows)
            # Seconds of video made by this kind of call (the clips its arguments name), per second it ran.
            speed = "–"
            if kind in ("remux", "transcode") and wall:
                args = [c["args"] for c in calls if c["label"] == label and c["kind"] == kind and c["run"] == "1"]
                done = sum(float(i["seconds"]) for i in inputs if any("/" + i["name"] in a for a in args))
                speed = f"{done / wall:.2f}"
            p(f"| {'catgallery' if tool == 'ours' else 'sigal'} | {kind} | {calls_n:g} | {fmt_s(wall)} | {fmt_s(cpu)} | "
              f"{cpu / wall if wall else 0:.2f} | {max(r[3] for r in rows) / 1024:.0f} | {speed} |")
        spans = [busy([c for c in calls if c["label"] == label and int(c["run"]) == r["run"]]) for r in runs[label]]
        union = statistics.median(b for b, _ in spans)
        most = max(m for _, m in spans)
        p(f"| {'catgallery' if tool == 'ours' else 'sigal'} | (any ffmpeg/ffprobe running; at most {most} at once) | | "
          f"{fmt_s(union)} | | | | |")
        p(f"| {'catgallery' if tool == 'ours' else 'sigal'} | no ffmpeg/ffprobe running (wall less the above) | | "
          f"{fmt_s(med(label) - union)} | | | | |")
    p("")
    p("- **How**: `catgallery preview CLIPS --build-to OUT` (its defaults: H.264 High crf 23 `veryfast`, at most "
      "1080 px on the short side, H.264/AAC under 0.2 bits per pixel per frame remuxed, one ffmpeg at a time with "
      "4 x264 threads, a poster per clip through the image pipeline) and `sigal build` with a sigal.conf.py holding "
      "only source and destination, one after the other in each run; every ffmpeg/ffprobe went through a logging "
      "wrapper first in PATH (`exec /usr/bin/time … ffmpeg`), which is how processes are counted and timed.")
    p("")
    return out

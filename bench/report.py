#!/usr/bin/env python3
"""Turns one bench/run.sh run folder (measurements.tsv, meta.tsv, logs/) into markdown."""
import re
import statistics
import sys
from pathlib import Path

run_dir = Path(sys.argv[1])
meta = dict(line.split("\t", 1) for line in (run_dir / "meta.tsv").read_text().splitlines() if "\t" in line)
runs: dict[str, list[dict]] = {}
for line in (run_dir / "measurements.tsv").read_text().splitlines():
    label, run, wall, rss, usr, sys_ = line.split("\t")
    runs.setdefault(label, []).append(
        {"run": int(run), "wall": float(wall), "rss": int(rss) / 1024, "cpu": float(usr) + float(sys_)})


def med(label, key="wall"):
    return statistics.median(r[key] for r in runs[label]) if label in runs else None


def peak(label):
    return max(r["rss"] for r in runs[label]) if label in runs else None


def num(key):
    return int(meta[key]) if meta.get(key, "").isdigit() else None


def fmt_s(x):
    return "–" if x is None else f"{x:.3f}" if x < 10 else f"{x:.1f}"


def fmt_ratio(x):
    return "–" if x is None else f"{x:.2f}×" if x < 10 else f"{x:.0f}×"


N = num("photos")
HUGO_N = num("hugo_photos") or N
hugo_subset = HUGO_N != N
TOUCHED = num("touched")
PAGES = num("pages")
outputs = {
    "ours_cold": num("ours_outputs"),
    "ours_touched": (num("ours_outputs") or 0) * (TOUCHED or 0) // max(N or 1, 1) or None,
    "vips_ladder": num("vips_ladder_outputs"),
    "vips_floor": num("vips_floor_outputs"),
    "sigal": num("sigal_outputs"),
    "ours_sigal": num("ours_sigal_outputs"),
    "hugo_cold": num("hugo_outputs"),
    "large_cold": num("large_outputs"),
}
work = {
    "ours_cold": f"{N} photos → {outputs['ours_cold']} derivatives, {meta.get('ours_site_pages', '?')} HTML pages",
    "ours_nochange": "same site, nothing changed",
    "ours_touched": f"{TOUCHED} of {N} photos rewritten (1%)",
    "vips_ladder": f"same {outputs['vips_ladder']} derivatives, {meta.get('vips_calls', '?')} calls, `xargs -P2`",
    "vips_floor": f"one 400 px JPEG per photo ({outputs['vips_floor']}), `xargs -P2`",
    "ours_sigal": f"{N} photos → {outputs['ours_sigal']} JPEGs at sigal's sizes "
                  f"({meta.get('ours_sigal_images', '?')}), {meta.get('ours_sigal_site_pages', '?')} HTML pages",
    "sigal": f"default 640×480 + 200×150 thumbs ({outputs['sigal']} images)"
             + ("; ours vs it: against catgallery at sigal's sizes" if "ours_sigal" in runs else ""),
    "hugo_cold": f"same ladder via `.Resize`/`.Fill`"
                 + (f" on the first {HUGO_N} photos" if hugo_subset else "")
                 + f" ({outputs['hugo_cold']} images), no resource cache",
    "hugo_warm": "same, resources/_gen kept",
    "ours_pages": f"{PAGES} facts → {meta.get('ours_pages_html', '?')} HTML files",
    "hugo_pages": f"{PAGES} trivial pages → {meta.get('hugo_pages_html', '?')} HTML files",
    "ours_pages_tmpfs": "the same, on a tmpfs",
    "hugo_pages_tmpfs": "the same, on a tmpfs",
    "large_cold": f"{meta.get('large_photos', '?')} photos → {outputs['large_cold']} derivatives",
    "large_nochange": f"{meta.get('large_photos', '?')} photos, nothing changed",
}
names = {
    "ours_cold": "**catgallery cold** (full ladder, no cache)",
    "ours_nochange": "**catgallery no-change rebuild**",
    "ours_touched": "**catgallery 1% touched rebuild**",
    "vips_ladder": "vipsthumbnail, same ladder",
    "vips_floor": "vipsthumbnail floor (1 thumb/photo)",
    "ours_sigal": "**catgallery cold, sigal's sizes**",
    "sigal": "sigal (defaults)",
    "hugo_cold": "Hugo, same ladder, cold",
    "hugo_warm": "Hugo, same ladder, warm",
    "ours_pages": f"**catgallery {PAGES} pages**",
    "hugo_pages": f"Hugo {PAGES} pages",
    "ours_pages_tmpfs": f"**catgallery {PAGES} pages, tmpfs**",
    "hugo_pages_tmpfs": f"Hugo {PAGES} pages, tmpfs",
    "large_cold": f"**catgallery cold, {meta.get('large_photos', '?')} photos**",
    "large_nochange": f"**catgallery no-change, {meta.get('large_photos', '?')} photos**",
}
# Which of our measurements each row is compared with ("ours vs it": its time / ours).
# sigal against catgallery making sigal's kind of outputs when that was measured.
against = {"vips_ladder": "ours_cold", "vips_floor": "ours_cold",
           "sigal": "ours_sigal" if "ours_sigal" in runs else "ours_cold",
           "hugo_cold": "ours_cold", "hugo_warm": "ours_nochange", "hugo_pages": "ours_pages",
           "hugo_pages_tmpfs": "ours_pages_tmpfs"}


def fnum(key):
    try:
        return float(meta[key])
    except (KeyError, ValueError):
        return None


mpx = {"ours_cold": fnum("ours_mpx"), "vips_ladder": fnum("vips_ladder_mpx"), "vips_floor": fnum("vips_floor_mpx"),
       "sigal": fnum("sigal_mpx"), "ours_sigal": fnum("ours_sigal_mpx"), "hugo_cold": fnum("hugo_mpx"), "large_cold": fnum("large_mpx")}
if mpx["ours_cold"] and TOUCHED and N:
    mpx["ours_touched"] = mpx["ours_cold"] * TOUCHED / N


def per_mpx_ms(label):
    m = mpx.get(label)
    return med(label) / m * 1000 if m and label in runs else None


def per_output_ms(label):
    n = outputs.get(label)
    return med(label) / n * 1000 if n and label in runs else None


out = []
p = out.append
p(f"# catgallery benchmark, {meta['date']}")
p("")
p(f"Machine: `{meta['host']}`, {meta['nproc']} cores ({meta['cpu']}), {meta['ram']} RAM; "
  f"libvips {meta['vips'].replace('vips-', '')}, Hugo {meta['hugo']}, sigal {meta['sigal']} (Pillow {meta['pillow']}); "
  f"catgallery: tree {meta['catgallery']}, binary {meta.get('binary', '?')}. Load average {meta['load_start']} at the start, {meta['load_end']} at the end "
  "(a shared machine: other engineers were compiling, so absolute times are noisy).")
p("")
p((f"Corpus: {meta['corpus_desc']}, {meta.get('corpus_mb', '?')} MB, from `shared/bench/make-corpus.sh`. "
   if "corpus_desc" in meta else "") +
  "Medians over the runs counted in the table; peak RSS is the largest over the runs "
  "(for multi-process tools, that of the largest single process). *Ours vs it* is the other tool's median time "
  "divided by ours (above 1: catgallery is faster); per-output time divides by the images each tool wrote, "
  "per-MP time by the megapixels (width × height summed over those images) it wrote."
  + (" **Quick smoke run: not representative.**" if meta.get("quick") not in ("", "0") else ""))
p("")
show_mpx = any(mpx.values())
for key in sorted(k for k in meta if k.startswith("note")):
    p(f"Note: {meta[key]}")
    p("")
# A run of the preview section alone has no rows for the main table.
main_rows = any(label in runs for label in names)
if main_rows:
    p("| benchmark | work | runs | median s | CPU s | per output ms |" + (" per output MP ms |" if show_mpx else "")
      + " peak RSS MB | ours vs it (time) | ours vs it (per output) |" + (" ours vs it (per MP) |" if show_mpx else ""))
    p("| --- | --- | ---: | ---: | ---: | ---: |" + (" ---: |" if show_mpx else "") + " ---: | ---: | ---: |"
      + (" ---: |" if show_mpx else ""))
for label in names:
    if label not in runs:
        continue
    ratio = ratio_out = ratio_mpx = None
    if label in against and against[label] in runs:
        if not (hugo_subset and label.startswith("hugo_") and not label.startswith("hugo_pages")):
            ratio = med(label) / med(against[label])
        a, b = per_output_ms(label), per_output_ms(against[label])
        ratio_out = a / b if a and b else None
        a, b = per_mpx_ms(label), per_mpx_ms(against[label])
        ratio_mpx = a / b if a and b else None
    p(f"| {names[label]} | {work[label]} | {len(runs[label])} | {fmt_s(med(label))} | {fmt_s(med(label, 'cpu'))} | "
      f"{fmt_s(per_output_ms(label))} |" + (f" {fmt_s(per_mpx_ms(label))} |" if show_mpx else "")
      + f" {peak(label):.0f} | {fmt_ratio(ratio)} | {fmt_ratio(ratio_out)} |"
      + (f" {fmt_ratio(ratio_mpx)} |" if show_mpx else ""))
if main_rows:
    p("")

# Targets from the product issue.
if main_rows:
    p("## Targets")
    p("")
targets = []


def target(text, ok, detail):
    targets.append(ok)
    mark = "n/a" if ok is None else "met" if ok else "**MISSED**"
    p(f"- {mark}: {text} ({detail})")


cold, noch = med("ours_cold"), med("ours_nochange")
cpu = lambda label: med(label, "cpu")
if cold and "vips_ladder" in runs:
    target("cold build no slower than vipsthumbnail making the same derivatives with two processes",
           cold <= med("vips_ladder"), f"{cold:.1f} s vs {med('vips_ladder'):.1f} s; CPU time "
           f"{cpu('ours_cold'):.1f} s vs {cpu('vips_ladder'):.1f} s")
if "ours_sigal" in runs and "sigal" in runs:
    ours_s, sig = med("ours_sigal"), med("sigal")
    target("cold build ≥2× faster than sigal producing its own default outputs (catgallery at sigal's sizes, "
           "wall time)", sig / ours_s >= 2,
           f"{sig / ours_s:.2f}× ({ours_s:.1f} s vs {sig:.1f} s; CPU time {cpu('ours_sigal'):.1f} s vs {cpu('sigal'):.1f} s)")
    a, b = per_output_ms("ours_sigal"), per_output_ms("sigal")
    ma, mb = per_mpx_ms("ours_sigal"), per_mpx_ms("sigal")
    target("the same, per output image (catgallery writes 3 images per photo to sigal's 2)",
           b / a >= 2 if a and b else None,
           (f"{b / a:.2f}× ({a:.1f} ms vs {b:.1f} ms per image" if a and b else "(no output count")
           + (f"; per output megapixel {mb / ma:.2f}×, {ma:.1f} ms vs {mb:.1f} ms" if ma and mb else "") + ")")
if cold and "sigal" in runs:
    target("cold build with the full default ladder (unequal work: ~12 images per photo up to 2048 px, WebP + JPEG) "
           "≥2× faster than sigal's defaults (whole gallery, wall time)", med("sigal") / cold >= 2,
           f"{med('sigal') / cold:.2f}× ({cold:.1f} s vs {med('sigal'):.1f} s; CPU time "
           f"{cpu('ours_cold'):.1f} s vs {cpu('sigal'):.1f} s; per output image "
           f"{per_output_ms('ours_cold'):.1f} ms vs {per_output_ms('sigal'):.1f} ms"
           + (f"; per output megapixel {per_mpx_ms('ours_cold'):.1f} ms vs {per_mpx_ms('sigal'):.1f} ms"
              if per_mpx_ms("sigal") and per_mpx_ms("ours_cold") else "") + ")")
if cold and "hugo_cold" in runs:
    r = per_output_ms("hugo_cold") / per_output_ms("ours_cold")
    target("cold build ≥10× faster than Hugo on the same ladder (time per output image)", r >= 10,
           f"{r:.2f}× ({per_output_ms('ours_cold'):.1f} ms vs {per_output_ms('hugo_cold'):.1f} ms per image; CPU "
           f"{1000 * cpu('ours_cold') / outputs['ours_cold']:.0f} ms vs {1000 * cpu('hugo_cold') / outputs['hugo_cold']:.0f} ms"
           + (f"; Hugo ran on the first {HUGO_N} of the {N} photos" if hugo_subset else
              f"; {cold:.1f} s vs {med('hugo_cold'):.1f} s") + ")")
if cold and noch is not None:
    target("no-change rebuild under 2% of cold and under 0.5 s", noch < 0.02 * cold and noch < 0.5,
           f"{noch:.3f} s = {100 * noch / cold:.2f}% of cold")
if "ours_cold" in runs:
    pk = max(peak(k) for k in ("ours_cold", "ours_nochange", "ours_touched", "large_cold", "large_nochange") if k in runs)
    target("peak memory under 300 MB", pk < 300, f"{pk:.0f} MB at most")
    if "large_cold" in runs:
        a, b = peak("ours_cold"), peak("large_cold")
        target(f"peak memory within 10% between {N} and {meta['large_photos']} photos", abs(b - a) <= 0.1 * a,
               f"{a:.0f} MB vs {b:.0f} MB, {100 * (b - a) / a:+.1f}%")
    else:
        target(f"peak memory within 10% between {N} and 2,000 photos", None, "not measured: run with BENCH_LARGE=1")
for suffix, where in (("", "on the disk"), ("_tmpfs", "on a tmpfs")):
    ours_p, hugo_p = f"ours_pages{suffix}", f"hugo_pages{suffix}"
    if ours_p in runs and hugo_p in runs:
        r = med(hugo_p) / med(ours_p)
        target(f"{PAGES} pages ≥1.5× faster than Hugo {where}, clean output each run", r >= 1.5,
               f"{r:.2f}×: {med(ours_p):.2f} s vs {med(hugo_p):.2f} s; CPU {cpu(ours_p):.2f} s vs {cpu(hugo_p):.2f} s")
p("")

# preview against sigal, each at its defaults, on the same photos.
if "preview" in runs:
    PN = num("preview_photos")
    p(f"## preview vs sigal ({PN} photos, each tool at its defaults, cold)")
    p("")
    prev, sig = med("preview"), med("preview_sigal")
    pnames = {
        "preview": ("**catgallery preview --build-to**", "empty cache (`XDG_CACHE_HOME`), no site.yml"),
        "preview_baseline": ("catgallery preview, baseline binary", f"`{meta.get('preview_baseline', '?')}`, same way"),
        "preview_sigal": ("sigal build", "only source and destination set"),
        "preview_vips": ("vipsthumbnail, preview's derivatives",
                         f"the same sizes and formats as preview wrote, {meta.get('preview_vips_calls', '?')} calls, "
                         "`xargs -P2`"),
        "preview_vips_floor": ("vipsthumbnail floor", "one 400 px JPEG per photo, `xargs -P2`"),
    }
    p("| tool | work | runs | median s | min–max s | CPU s | peak RSS MB | its time / preview's | its time / sigal's |")
    p("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, (name, what) in pnames.items():
        if label not in runs:
            continue
        walls = [r["wall"] for r in runs[label]]
        p(f"| {name} | {what} | {len(walls)} | {fmt_s(med(label))} | {fmt_s(min(walls))}–{fmt_s(max(walls))} | "
          f"{fmt_s(med(label, 'cpu'))} | {peak(label):.0f} | {fmt_ratio(med(label) / prev)} | "
          f"{fmt_ratio(med(label) / sig) if sig else '–'} |")
    p("")
    if sig:
        mark = "met" if prev <= sig else "**MISSED**"
        p(f"- {mark}: preview --build-to no slower than sigal, wall time ({prev / sig:.2f}× sigal's: "
          f"{prev:.2f} s vs {sig:.2f} s; CPU {med('preview', 'cpu'):.1f} s vs {med('preview_sigal', 'cpu'):.1f} s; "
          f"peak RSS {peak('preview'):.0f} MB vs {peak('preview_sigal'):.0f} MB)")
        # CPU time (user + sys, children included) moves less than wall time
        # when other work shares the cores.
        prev_cpu, sig_cpu = med("preview", "cpu"), med("preview_sigal", "cpu")
        mark = "met" if prev_cpu <= sig_cpu else "**MISSED**"
        # Each run times the two one after the other: its own ratio shares that run's load.
        sig_runs = {r["run"]: r for r in runs["preview_sigal"]}
        paired = [f"{r['cpu'] / sig_runs[r['run']]['cpu']:.2f}×" for r in runs["preview"] if r["run"] in sig_runs]
        p(f"- {mark}: preview --build-to no slower than sigal, CPU time ({prev_cpu / sig_cpu:.2f}× sigal's: "
          f"{prev_cpu:.1f} s vs {sig_cpu:.1f} s; run by run {', '.join(paired)})")
    if "preview_baseline" in runs:
        base = med("preview_baseline")
        p(f"- against the baseline binary: {prev / base:.2f}× its wall time ({prev:.2f} s vs {base:.2f} s), "
          f"{med('preview', 'cpu') / med('preview_baseline', 'cpu'):.2f}× its CPU time "
          f"({med('preview', 'cpu'):.1f} s vs {med('preview_baseline', 'cpu'):.1f} s)")
    if "preview_vips" in runs:
        p(f"- preview is {prev / med('preview_vips'):.2f}× vipsthumbnail making its derivatives and "
          f"{prev / med('preview_vips_floor'):.2f}× the one-thumbnail floor")
    p("")
    outputs_tsv = run_dir / "outputs.tsv"
    if outputs_tsv.is_file():
        p("What each wrote (whole output folder; image sizes: `240²` square, `640w` landscape width, "
          "`640h` portrait height, with counts):")
        p("")
        p("| tool | kind | files | MB | commonest image sizes |")
        p("| --- | --- | ---: | ---: | --- |")
        totals: dict[str, list[int]] = {}
        for line in outputs_tsv.read_text().splitlines():
            label, kind, files, size, detail = (line.split("\t") + [""])[:5]
            t = totals.setdefault(label, [0, 0])
            t[0] += int(files)
            t[1] += int(size)
            p(f"| {pnames.get(label, (label,))[0]} | {kind} | {files} | {int(size) / 1e6:.1f} | {detail} |")
        for label, (files, size) in totals.items():
            p(f"| {pnames.get(label, (label,))[0]} | **all** | {files} | {size / 1e6:.1f} | |")
        p("")

# Where catgallery's time goes: --verbose stage timings, median per stage.
stage_re = re.compile(r"^\s+(\w+)\s+([0-9.]+) s$")
rows = [k for k in ("ours_cold", "ours_nochange", "ours_touched", "ours_sigal", "ours_pages", "ours_pages_tmpfs",
                    "large_cold", "large_nochange")
        if k in runs]
stages: dict[str, dict[str, list[float]]] = {}
order: list[str] = []
for label in rows:
    for r in runs[label]:
        for line in (run_dir / "logs" / f"{label}.{r['run']}.log").read_text().splitlines():
            m = stage_re.match(line)
            if m:
                stages.setdefault(label, {}).setdefault(m[1], []).append(float(m[2]))
                if m[1] not in order:
                    order.append(m[1])
if stages:
    p("## catgallery stages (`--verbose`, median s)")
    p("")
    p("| run | " + " | ".join(order) + " | total (wall) |")
    p("| --- | " + " | ".join("---:" for _ in order) + " | ---: |")
    for label in rows:
        cells = [fmt_s(statistics.median(stages.get(label, {}).get(s, [0]))) for s in order]
        p(f"| {names[label]} | " + " | ".join(cells) + f" | {fmt_s(med(label))} |")
    p("")

# Videos against sigal (bench/suites/videos.sh), in its own module.
sys.path.insert(0, str(Path(__file__).parent))
from videos_report import section as videos_section  # noqa: E402
from scale_report import section as scale_section  # noqa: E402
out += scale_section(run_dir, runs, meta)
out += videos_section(run_dir, runs, meta)

serve_md = run_dir / "serve.md"
if serve_md.is_file():
    p(f"## serve (`bench/serve.py` on the full-ladder site of {N} photos)")
    p("")
    p(serve_md.read_text().rstrip("\n"))
    p("")

fetch_md = run_dir / "fetch.md"
if fetch_md.is_file():
    p("")
    p("## fetch (`bench/fetch.py`: 67 breeds × 5 photos, 12 cats, 332 facts from a local stand-in API)")
    p("")
    p(fetch_md.read_text().rstrip("\n"))
    p("")

if "animation" in runs:
    p(f"## One long animation ({meta.get('animation', '?')}), preview --build-to vs sigal, cold")
    p("")
    p("| tool | runs | median s | CPU s | peak RSS MB |")
    p("| --- | ---: | ---: | ---: | ---: |")
    for label, name in (("animation", "**catgallery preview --build-to**"), ("animation_sigal", "sigal build")):
        if label in runs:
            p(f"| {name} | {len(runs[label])} | {fmt_s(med(label))} | {fmt_s(med(label, 'cpu'))} | {peak(label):.0f} |")
    p("")
p("## How each tool was run")
p("")
p("- **catgallery**: `catgallery build --site DIR --verbose` on a generated site (parks.plist with sections of 25 "
  "photos, site.yml with widths 320/640/1280/2048, thumbnail 240, WebP + JPEG, quality 80). Cold starts "
  "without `.cache/` and `public/`; the 1% run rewrites every 100th JPEG with a new trailer after its end marker.")
p("- **vipsthumbnail**: one call per size and format over batches of 25 photos (`--size Wx`, "
  "`--size 240x240 --smartcrop attention`, `[Q=80,strip]` for WebP, `[Q=80,strip,optimize_coding,interlace]` "
  "for JPEG widths and `[Q=80,strip,optimize_coding]` for JPEG thumbnails, as catgallery saves them), "
  "two calls at a time via `xargs -P2`; libvips' own threads at their default. Each call decodes its photos again "
  "(with shrink-on-load), which is what catgallery's one decode per photo saves.")
p(f"- **catgallery at sigal's sizes**: the same photos and parks.plist in a second site whose site.yml asks for "
  f"sigal's kind of outputs ({meta.get('ours_sigal_images', '?')}; sigal's defaults from its settings.py), built "
  "cold like the above. Not identical work: catgallery also writes the 2x (400 px) square thumbnail, 3 images per "
  "photo to sigal's 2; its thumbnails are square where sigal's are 200×150; its display image is 640 px wide, "
  "so portraits come out 640 px wide where sigal fits them into 480×640. Per-output and per-MP times allow for it.")
p("- **sigal**: `sigal build` with only source and destination set: Pillow, 640×480 display images and "
  "200×150 thumbnails, one worker process per core.")
p("- **Hugo**: one leaf bundle per photo (`publishResources: false`) whose template calls `.Resize \"Wx webp|jpg q80\"` "
  "for each width and `.Fill \"240x240 Smart …\"` / 480 for the thumbnails; Hugo renders pages in parallel. "
  "Cold starts without `resources/`, `public/` and the cache dir; warm keeps them. Hugo 0.111 does not apply EXIF "
  "orientation, decodes with Go's image/jpeg without shrink-on-load, and by its CPU time decodes the whole source again for each output.")
if "preview" in runs:
    p("- **preview vs sigal**: the first photos of the corpus in one folder; `catgallery preview DIR --build-to OUT` "
      "with `XDG_CACHE_HOME` an empty folder, against `sigal build` with a sigal.conf.py holding only source and "
      "destination (Pillow, 640×480 display images, 200×150 thumbnails, JPEG quality 85, one process per core), "
      "one after the other in each run; vipsthumbnail makes what preview wrote (one call per size and format over "
      "batches of 25, as catgallery saves them) and, as the floor, one 400 px JPEG per photo.")
p("- **pages**: catgallery with a facts.json of N facts (a page each, plus list, home, 404, saved) against Hugo "
  "with N one-line Markdown pages and trivial single/list layouts (default RSS and sitemap kept); once with "
  "everything in BENCH_DIR on the disk, once on a tmpfs.")
p("- **every run from nothing** (cold builds, sigal, vipsthumbnail, preview, pages, scale, videos), for every tool "
  "alike: into an output that is not there and without the tool's cache (the last ones renamed aside, all of it "
  "deleted after the last suite), after a sync and with no inode deleted on the disk in the last 361 s (ext4 "
  "without a journal skips such inodes at a cost; as nothing is deleted during a bench, only its first such run "
  "can wait).")
p("")
p("Raw measurements: `measurements.tsv` (label, run, wall s, max RSS kB, user s, sys s) in the run folder "
  f"`{run_dir}`.")
print("\n".join(out))

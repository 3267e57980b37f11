"""The "scale" and "search" sections of a bench report (issue 24), from what
bench/suites/scale.sh and bench/suites/search.sh left in the run folder."""
import statistics
from pathlib import Path


def section(run_dir: Path, runs: dict, meta: dict) -> list[str]:
    out: list[str] = []
    p = out.append

    def med(label):
        return statistics.median(r["wall"] for r in runs[label])

    def peak(label):
        return max(r["rss"] for r in runs[label])

    def mark(ok):
        return "met" if ok else "**MISSED**"

    def largest(key):
        size, _, path = meta.get(key, "0 ?").partition(" ")
        return int(size), path

    if "scale_cold" in runs:
        photos, small = meta.get("scale_photos", "?"), meta.get("scale_small_photos", "?")
        p(f"## scale ({photos} tiny photos with captions, bench/search_corpus.py; {meta.get('scale_pages', '?')} fact pages)")
        p("")
        p("| run | median s | runs | peak RSS MB |")
        p("| --- | ---: | ---: | ---: |")
        rows = {"scale_small_cold": f"preview --build-to, {small} photos, cold",
                "scale_cold": f"preview --build-to, {photos} photos, cold ({meta.get('scale_html', '?')} HTML files)",
                "scale_nochange": f"the same, nothing changed",
                "scale_pages": f"build, {meta.get('scale_pages', '?')} facts ({meta.get('scale_pages_html', '?')} HTML files)"}
        for label, what in rows.items():
            if label in runs:
                p(f"| {what} | {med(label):.2f} | {len(runs[label])} | {peak(label):.0f} |")
        p("")
        big = peak("scale_cold")
        p(f"- {mark(big < 500)}: {photos} photos under 500 MB peak ({big:.0f} MB)")
        if "scale_small_cold" in runs:
            a = peak("scale_small_cold")
            p(f"- {mark(big <= 1.15 * a)}: {photos} photos' peak within 15% of {small} photos' "
              f"({big:.0f} MB vs {a:.0f} MB, {100 * (big - a) / a:+.1f}%)")
        if "scale_pages" in runs:
            pk = peak("scale_pages")
            p(f"- {mark(pk < 500)}: {meta.get('scale_pages', '?')} pages under 500 MB peak ({pk:.0f} MB)")
        for key, what in (("scale_largest_html", f"{photos}-photo site"), ("scale_pages_largest_html", "fact site")):
            if key in meta:
                size, path = largest(key)
                p(f"- {mark(size <= 300 * 1024)}: no HTML page over 300 KB on the {what} "
                  f"(largest {size / 1024:.1f} KB, `{path}`)")
        if "scale_nochange" in runs:
            t = med("scale_nochange")
            p(f"- {mark(t < 1)}: no-change rebuild of the {photos}-photo site under 1 s ({t:.2f} s median)")
        p("")

    search_md = run_dir / "search.md"
    if search_md.is_file():
        p("## search against Pagefind (`bench/search.py`, bytes per query counted in headless Chromium)")
        p("")
        p(search_md.read_text().rstrip("\n"))
        p("")
    return out

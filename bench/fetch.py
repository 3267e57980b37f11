#!/usr/bin/env python3
"""Measures `catgallery fetch` against FakeAPI (Tests/fetch/fakeapi.py), the
local stand-in for The Cat API, restdb.io and catfact.ninja, with the 67
real-shaped breeds of the example site and 5 photos each (the example's own
JPEGs, 1600×1200 and 40–700 KB, the size The Cat API serves): a cold fetch
into an empty site, then no-change fetches. Prints a markdown table: wall
time, requests and peak memory (from /usr/bin/time -v) per run.

    python3 bench/fetch.py --binary .build/release/catgallery [--runs 3]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests/fetch"))
from fakeapi import FakeAPI  # noqa: E402


def run(binary, site, env):
    timing = site.parent / "time.txt"
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-v", "-o", str(timing), str(binary), "fetch", "--site", str(site),
                           "--quiet"], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"fetch failed:\n{done.stderr}")
    rss = next(int(line.split(":")[1]) for line in timing.read_text().splitlines()
               if "Maximum resident set size" in line)
    return wall, rss // 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(REPO / ".build/release/catgallery"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    api = FakeAPI(cat_key="bench-cat-key", restdb_key="bench-restdb-key").start()
    env = dict(os.environ, THECATAPI_KEY="bench-cat-key", RESTDB_KEY="bench-restdb-key")
    rows = []
    try:
        for attempt in range(args.runs):
            folder = Path(tempfile.mkdtemp(prefix="cg-fetch-bench-"))
            site = folder / "site"
            (site / "content/photos").mkdir(parents=True)
            (site / "content/site.yml").write_text(
                "sources:\n"
                f"  thecatapi:\n    base_url: {api.base}/v1\n    api_key_env: THECATAPI_KEY\n    photos_per_breed: 5\n"
                f"  restdb:\n    url: {api.base}/rest/cats\n    api_key_env: RESTDB_KEY\n"
                f"  facts:\n    url: {api.base}/facts?limit=100\n")
            api.log.clear()
            wall, rss = run(args.binary, site, env)
            size = sum(p.stat().st_size for p in (site / "content").rglob("*") if p.is_file())
            rows.append(("cold", wall, len(api.log), rss, size))
            api.log.clear()
            wall, rss = run(args.binary, site, env)
            rows.append(("no change", wall, len(api.log), rss, 0))
            shutil.rmtree(folder)
    finally:
        api.stop()
    print("| fetch | median wall | runs | requests | peak memory | content written |")
    print("|---|---:|---|---:|---:|---:|")
    for kind in ("cold", "no change"):
        mine = [r for r in rows if r[0] == kind]
        walls = [r[1] for r in mine]
        print(f"| {kind} | {statistics.median(walls):.2f} s | {', '.join(f'{w:.2f}' for w in walls)} | "
              f"{mine[0][2]} | {max(r[3] for r in mine)} MB | {mine[0][4] / 1e6:.1f} MB |")


if __name__ == "__main__":
    main()

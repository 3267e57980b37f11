# bench/suites/pages.sh: PAGES generated pages without images: catgallery fact pages
# against Hugo pages, each tool with a clean output every run, once with both on the disk
# (BENCH_DIR) and once on a tmpfs (PAGES_TMPFS, default $BENCH_DIR/tmpfs, mounted there
# when it is not a tmpfs yet, which needs root; skipped with a note when that fails:
# catgallery refuses to write below /dev, so /dev/shm itself is no choice). Labels ours_pages, hugo_pages; ours_pages_tmpfs, hugo_pages_tmpfs.
# Every timed run starts alike for both tools: the last output set aside, not deleted,
# and the disk settled (`settle` in bench/lib/harness.sh says why).


# PAGES facts for catgallery (one page each) and PAGES trivial Hugo pages, made again
# only when DIR holds none of that size: deleting them would slow the timed runs down
# (see settle). Outputs left in DIR, and inputs of another size, are set aside.
make_pages() {
  local dir=$1 n=$2
  set_aside "$dir/old" "$dir/site/public" "$dir/site/.cache" "$dir/hugo/public"
  [ "$(cat "$dir/.pages" 2>/dev/null)" = "$n" ] && return
  set_aside "$dir/old" "$dir/site" "$dir/hugo" "$dir/.pages"
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
  echo "$n" >"$dir/.pages"
}

# pages_runs DIR SUFFIX: PAGES_RUNS clean builds of each tool in DIR, one after the other,
# each into an output that is not there, on a settled disk.
pages_runs() {
  local dir=$1 suffix=$2 run
  for run in $(seq "$PAGES_RUNS"); do
    log "$PAGES pages${suffix:+ on tmpfs}, run $run/$PAGES_RUNS"
    set_aside "$dir/old" "$dir/site/public" "$dir/site/.cache"
    settle
    measure "ours_pages$suffix" "$run" "$CATGALLERY" build --site "$dir/site" --verbose
    set_aside "$dir/old" "$dir/hugo/public"
    settle
    measure "hugo_pages$suffix" "$run" hugo --source "$dir/hugo" --quiet
  done
}

PAGES_DIR="$BENCH_DIR/pages-$PAGES"
make_pages "$PAGES_DIR" "$PAGES"
pages_runs "$PAGES_DIR" ""
meta ours_pages_html "$(find "$PAGES_DIR/site/public" -name '*.html' | wc -l)"
meta hugo_pages_html "$(find "$PAGES_DIR/hugo/public" -name '*.html' | wc -l)"

PAGES_TMPFS=${PAGES_TMPFS:-$BENCH_DIR/tmpfs}
mkdir -p "$PAGES_TMPFS"
is_tmpfs() { [ "$(stat -f -c %T "$PAGES_TMPFS" 2>/dev/null)" = tmpfs ]; }
is_tmpfs || mount -t tmpfs -o size=4g,mode=0755 tmpfs "$PAGES_TMPFS" 2>/dev/null || true
if is_tmpfs; then
  TMP_PAGES="$PAGES_TMPFS/catgallery-bench-pages-$$"
  make_pages "$TMP_PAGES" "$PAGES"
  pages_runs "$TMP_PAGES" _tmpfs
  delete "$TMP_PAGES"
else
  meta note_pages_tmpfs "pages on tmpfs not measured: $PAGES_TMPFS is not a tmpfs"
fi

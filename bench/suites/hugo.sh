# bench/suites/hugo.sh: Hugo resizing the same ladder in a template (one page bundle per
# photo), cold and warm, on the first HUGO_PHOTOS photos. Cold starts with no output and
# no cache (clean_start in bench/lib/harness.sh). Labels hugo_cold, hugo_warm.

# Hugo: one leaf bundle per photo; its template resizes the same ladder and fills the
# same square thumbnails, WebP and JPEG, quality 80. Hugo renders pages in parallel.
make_hugo_images() {
  local work=$1 n=$2 hugo=$1/hugo
  set_aside "$GRAVE" "$hugo"
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

make_hugo_images "$WORK" "$HUGO_N"
for run in $(seq "$HUGO_RUNS"); do
  log "Hugo image ladder on $HUGO_N photos, run $run/$HUGO_RUNS (cold, then warm)"
  clean_start "$WORK/hugo/resources" "$WORK/hugo/public" "$WORK/hugo/cache"
  measure hugo_cold "$run" hugo --source "$WORK/hugo" --quiet
  measure hugo_warm "$run" hugo --source "$WORK/hugo" --quiet
done
meta hugo_outputs "$(count_files "$WORK/hugo/resources/_gen/images")"
meta hugo_mpx "$(megapixels "$WORK/hugo/resources/_gen/images")"
[ -n "${BENCH_KEEP:-}" ] || set_aside "$GRAVE" "$WORK/hugo/resources" "$WORK/hugo/public" "$WORK/hugo/cache"

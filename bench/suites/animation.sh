# bench/suites/animation.sh: one long animated GIF (ANIMATION_FRAMES frames of
# ANIMATION_SIZE px square, default 300 of 500, ~0.6 MB: 12 s of ffmpeg's test
# pattern in 16 colours) previewed alone, `catgallery preview DIR --build-to OUT`
# against `sigal build`, each at its defaults and cold: the peak memory of one
# animation, which catgallery bounds by reading a long one's frames from the
# file as it saves them. Labels animation, animation_sigal.
ANIMATION_FRAMES=${ANIMATION_FRAMES:-300}
ANIMATION_SIZE=${ANIMATION_SIZE:-500}
ANIMATION_RUNS=${ANIMATION_RUNS:-$RUNS}
AWORK="$BENCH_DIR/animation-${ANIMATION_FRAMES}x${ANIMATION_SIZE}"
if [ ! -f "$AWORK/photos/long.gif" ]; then
  log "animation: making a ${ANIMATION_FRAMES}-frame ${ANIMATION_SIZE} px GIF"
  mkdir -p "$AWORK/photos"
  ffmpeg -v error -y -f lavfi \
    -i "testsrc=size=${ANIMATION_SIZE}x${ANIMATION_SIZE}:rate=25:duration=$(awk -v f="$ANIMATION_FRAMES" 'BEGIN { print f / 25 }')" \
    -vf "split[a][b];[a]palettegen=max_colors=16[p];[b][p]paletteuse=dither=none" "$AWORK/photos/long.gif"
fi
ADIR="$AWORK/runs"
set_aside "$GRAVE" "$ADIR"
mkdir -p "$ADIR/sigal"
printf 'source = %s\ndestination = %s\n' "'$AWORK/photos'" "'$ADIR/sigal/out'" >"$ADIR/sigal/sigal.conf.py"
meta animation "$ANIMATION_FRAMES frames of ${ANIMATION_SIZE}x${ANIMATION_SIZE}, $(du -k "$AWORK/photos/long.gif" | cut -f1) kB"
for run in $(seq "$ANIMATION_RUNS"); do
  log "animation: catgallery preview --build-to, run $run/$ANIMATION_RUNS"
  clean_start "$ADIR/cache" "$ADIR/out"
  measure animation "$run" env XDG_CACHE_HOME="$ADIR/cache" "$CATGALLERY" preview "$AWORK/photos" \
    --build-to "$ADIR/out"
  if command -v sigal >/dev/null; then
    log "animation: sigal build, run $run/$ANIMATION_RUNS"
    clean_start "$ADIR/sigal/out"
    measure animation_sigal "$run" sigal build -c "$ADIR/sigal/sigal.conf.py"
  fi
done

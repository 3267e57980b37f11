// The lightbox's slideshow: its button (pressed while it plays) shows the next photo
// every INTERVAL ms after the last one appeared, and stops at the last photo. Anything
// else the visitor does in the viewer (a key, a click or tap, a swipe, the wheel)
// pauses it, so it never moves a photo away from someone looking at it; the button
// plays it again. With prefers-reduced-motion the photos change at once, with no slide
// (lightbox.js animates a change only when motion is welcome).
feature('lightbox slideshow', () => listen('lightbox-build', viewer => {
  const INTERVAL = 4000, element = viewer.element, button = find('.lb-play', element);
  if (!button) return;
  let timer;
  const playing = () => button.getAttribute('aria-pressed') === 'true';
  const set = on => {
    clearTimeout(timer);
    button.setAttribute('aria-pressed', String(on));
    if (on) timer = setTimeout(advance, INTERVAL);
  };
  // At the end of what the viewer can reach it stops. A walk still fetching more goes on
  // once it shows; one whose fetch failed tries again after INTERVAL.
  const advance = () => {
    if (!viewer.canGo(1)) return set(false);
    if (!viewer.go(1)) set(true);
  };
  const pause = event => {
    if (playing() && !button.contains(event.target)) set(false);
  };

  button.addEventListener('click', () => set(!playing()));
  for (const type of ['pointerdown', 'wheel']) element.addEventListener(type, pause, true);
  document.addEventListener('keydown', pause, true);
  listen('lightbox-show', () => {
    if (playing()) set(true);
  });
  listen('lightbox-close', () => set(false));
}));

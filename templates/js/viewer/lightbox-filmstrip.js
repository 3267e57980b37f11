// The lightbox's filmstrip: a row of the photos the viewer walks, under the photo, made
// from the page's own thumbnails (lazy, so only those scrolled to are fetched). The
// current one is marked (aria-current) and kept in view. It is one stop for Tab: the
// arrow keys, Home and End move along it, Enter or a click shows that photo.
// For an album of thousands, only a window of the strip exists at a time: the buttons
// for SPAN photos (or a strip's width) either side of the one shown, made again around
// it as the photo, the keys or a scroll of the strip near the window's ends move on.
feature('lightbox filmstrip', () => listen('lightbox-build', viewer => {
  const element = viewer.element, strip = find('.lb-strip', element);
  if (!strip) return;
  const SPAN = 30, MARGIN = 8;
  // The links the buttons were made for; the buttons of links[first], links[first + 1]….
  let links = null, buttons = [], first = 0;
  const buttonOf = index => buttons[index - first];

  const make = (link, index) => {
    const item = document.createElement('li'), button = document.createElement('button'), image = find('img', link);
    button.type = 'button';
    button.tabIndex = -1;
    button.setAttribute('aria-label', `${index + 1}. ${link.dataset.caption || 'Photo'}`);
    if (image) {
      const copy = (image.closest('picture') || image).cloneNode(true), copied = find('img', copy) || copy;
      copied.loading = 'lazy';
      copied.alt = '';
      button.append(copy);
    }
    // Where the link is now: the viewer may have put another page's photos in before it.
    button.addEventListener('click', () => {
      const step = viewer.links.indexOf(link) - viewer.index;
      if (step) viewer.go(step);
    });
    item.append(button);
    return button;
  };
  // Whether links[low] to links[high] are clear of the window's ends, but for the album's own.
  const clear = (low, high) => {
    const last = first + buttons.length - 1;
    return !!buttonOf(low) && !!buttonOf(high) && (low - first >= MARGIN || first === 0) &&
      (last - high >= MARGIN || last === links.length - 1);
  };
  // The window around links[index], made again unless `keep` and the rest of the album
  // is not near.
  const frame = (index, keep = clear(index, index)) => {
    if (keep) return false;
    // At least a strip's width either side, so what a strip shows is always clear of both ends.
    const span = Math.max(SPAN, Math.ceil(strip.clientWidth / 40));
    first = Math.max(0, Math.min(index - span, links.length - 2 * span - 1));
    buttons = links.slice(first, first + 2 * span + 1).map((link, k) => make(link, first + k));
    strip.replaceChildren(...buttons.map(button => button.parentNode));
    return true;
  };
  const scrollTo = (button, smooth) => strip.scrollTo({
    left: button.offsetLeft - (strip.clientWidth - button.offsetWidth) / 2,
    behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto'
  });
  // Tab reaches only `button`, the current one unless the arrows moved on.
  const rove = button => buttons.forEach(other => other.tabIndex = other === button ? 0 : -1);
  const mark = () => {
    const current = buttonOf(viewer.index);
    buttons.forEach(button => button === current ? button.setAttribute('aria-current', 'true') : button.removeAttribute('aria-current'));
    return current;
  };

  listen('lightbox-show', link => {
    const fresh = links !== viewer.links, wasHidden = strip.hidden;
    if (fresh) {
      links = viewer.links;
      buttons = [];
    }
    const moved = frame(viewer.index);
    strip.hidden = links.length < 2;
    element.classList.toggle('lb-stripped', !strip.hidden);
    // A clip is fitted above the strip: fitted again if the strip has just appeared.
    if (link.dataset.video && wasHidden !== strip.hidden) viewer.layout();
    const current = mark();
    rove(current);
    scrollTo(current, !fresh && !moved);
  });
  strip.addEventListener('keydown', event => {
    const at = buttons.indexOf(document.activeElement), key = event.key, end = links.length - 1;
    const to = { ArrowLeft: first + at - 1, ArrowRight: first + at + 1, Home: 0, End: end }[key];
    if (at < 0 || to === undefined) return;
    // The viewer's own arrow keys (lightbox-controls.js) leave a handled key alone.
    event.preventDefault();
    const index = Math.max(0, Math.min(end, to)), moved = frame(index);
    if (moved) mark();
    const button = buttonOf(index);
    rove(button);
    button.focus();
    scrollTo(button, !moved);
  });
  // A strip scrolled by hand (a swipe, a wheel) until what it shows nears the window's
  // end: the window is made again around the middle of it, which stays where it was.
  strip.addEventListener('scroll', () => {
    const left = strip.scrollLeft, right = left + strip.clientWidth;
    const shown = buttons.filter(button => button.offsetLeft + button.offsetWidth > left && button.offsetLeft < right);
    if (!links || !shown.length) return;
    const low = first + buttons.indexOf(shown[0]), high = low + shown.length - 1;
    const index = (low + high) >> 1, offset = buttonOf(index).offsetLeft - left;
    const at = buttons.indexOf(document.activeElement), focused = at < 0 ? -1 : first + at;
    if (!frame(index, clear(low, high))) return;
    mark();
    rove(buttonOf(focused) || buttonOf(viewer.index) || buttonOf(index));
    strip.scrollLeft = buttonOf(index).offsetLeft - offset;
    if (focused >= 0) (buttonOf(focused) || buttonOf(index)).focus({ preventScroll: true });
  }, { passive: true });
}));

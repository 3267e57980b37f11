// The lightbox's filmstrip: a row of every photo the viewer walks, under the photo, made
// from the page's own thumbnails (lazy, so only those scrolled to are fetched). The
// current one is marked (aria-current) and kept in view. It is one stop for Tab: the
// arrow keys, Home and End move along it, Enter or a click shows that photo.
feature('lightbox filmstrip', () => listen('lightbox-build', viewer => {
  const element = viewer.element, strip = find('.lb-strip', element);
  if (!strip) return;
  // The links the buttons were made for, and the buttons in the same order.
  let links = null, buttons = [];

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
    button.addEventListener('click', () => {
      const step = links.indexOf(link) - viewer.index;
      if (step) viewer.go(step);
    });
    item.append(button);
    return button;
  };
  const scrollTo = (button, smooth) => strip.scrollTo({
    left: button.offsetLeft - (strip.clientWidth - button.offsetWidth) / 2,
    behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto'
  });
  // Tab reaches only `button`, the current one unless the arrows moved on.
  const rove = button => buttons.forEach(other => other.tabIndex = other === button ? 0 : -1);

  listen('lightbox-show', link => {
    const fresh = links !== viewer.links, wasHidden = strip.hidden;
    if (fresh) {
      links = viewer.links;
      buttons = links.map(make);
      strip.replaceChildren(...buttons.map(button => button.parentNode));
    }
    strip.hidden = links.length < 2;
    element.classList.toggle('lb-stripped', !strip.hidden);
    // A clip is fitted above the strip: fitted again if the strip has just appeared.
    if (link.dataset.video && wasHidden !== strip.hidden) viewer.layout();
    const current = buttons[viewer.index];
    buttons.forEach(button => button === current ? button.setAttribute('aria-current', 'true') : button.removeAttribute('aria-current'));
    rove(current);
    scrollTo(current, !fresh);
  });
  strip.addEventListener('keydown', event => {
    const at = buttons.indexOf(document.activeElement), key = event.key, last = buttons.length - 1;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[key];
    if (at < 0 || to === undefined) return;
    // The viewer's own arrow keys (lightbox-controls.js) leave a handled key alone.
    event.preventDefault();
    const button = buttons[Math.max(0, Math.min(last, to))];
    rove(button);
    button.focus();
    scrollTo(button, true);
  });
}));

// The lightbox's Info button: the current photo's camera, lens, exposure and date taken,
// from its thumbnail's data-info (rows of [label, value, spoken?] the build wrote). The
// button is hidden for a photo without them; the panel stays open while browsing, and
// the I key toggles it. The photo page shows the same rows without any script.
feature('lightbox info', () => listen('lightbox-build', viewer => {
  const element = viewer.element, button = find('.lb-info-button', element), panel = find('.lb-info', element);
  if (!button || !panel) return;
  const list = find('dl', panel);
  // The current photo's rows, and whether the viewer asked for the panel.
  let rows = null, wanted = false;

  const rowsOf = link => {
    try {
      const parsed = JSON.parse(link.dataset.info || 'null');
      return Array.isArray(parsed) && parsed.length ? parsed : null;
    } catch {
      return null;
    }
  };
  const fill = () => {
    list.replaceChildren();
    for (const [label, value, spoken] of rows || []) {
      const term = document.createElement('dt'), detail = document.createElement('dd');
      term.textContent = label;
      if (spoken) {
        const picture = document.createElement('span');
        picture.setAttribute('role', 'img');
        picture.setAttribute('aria-label', spoken);
        picture.textContent = value;
        detail.append(picture);
      } else {
        detail.textContent = value;
      }
      list.append(term, detail);
    }
  };
  const update = () => {
    panel.hidden = !(wanted && rows);
    button.setAttribute('aria-expanded', String(!panel.hidden));
  };
  const toggle = () => {
    wanted = !wanted;
    update();
  };

  button.addEventListener('click', toggle);
  // Reading or scrolling the panel is not a gesture on the photo (a tap would close it).
  for (const type of ['pointerdown', 'wheel']) panel.addEventListener(type, event => event.stopPropagation());
  listen('lightbox-show', link => {
    rows = rowsOf(link);
    button.hidden = !rows;
    fill();
    update();
  });
  document.addEventListener('keydown', event => {
    if (!viewer.isOpen || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || (event.key !== 'i' && event.key !== 'I')) return;
    if (!rows) return;
    toggle();
    event.preventDefault();
  });
}));

// Favourites: photos and facts saved in localStorage (cg-saved), enough to draw the
// saved page.
feature('favourites', () => {
  const SAVED_KEY = 'cg-saved', SAVE_BUTTONS = '[data-save-fact], [data-save-photo], .lb-save';
  // The photo the lightbox shows, if it is open: the saved page is not redrawn meanwhile.
  let inLightbox = null, listsStale = false;

  // URLs are kept relative to the site root, so that every page can use them.
  const siteURL = new URL(siteRoot || './', location.href).href;
  const fromPage = url => {
    const absolute = new URL(url, location.href).href.split('#')[0];
    return absolute.startsWith(siteURL) ? absolute.slice(siteURL.length) : absolute;
  };
  const mapSrcset = (srcset, mapURL) => (srcset || '').split(',').filter(Boolean).map(candidate => {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    return mapURL(url) + (descriptor ? ' ' + descriptor : '');
  }).join(', ');
  const srcsetFromPage = srcset => mapSrcset(srcset, fromPage);
  const srcsetFromRoot = srcset => mapSrcset(srcset, url => siteRoot + url);

  const savedItems = () => Object.assign({ photos: [], facts: [] }, storage.get(SAVED_KEY, {}));
  const isSaved = (kind, id) => savedItems()[kind].some(item => item.id === id);
  // What a save button saves: [kind, id].
  const targetOf = button => button.dataset.saveFact ? ['facts', button.dataset.saveFact] : ['photos', button.dataset.savePhoto || (inLightbox && inLightbox.dataset.id)];
  const toast = (message, action) => announce('toast', { message, action });
  // Saves (or with `on` false removes) an item, at `position` or first.
  const put = (kind, item, on, position) => {
    const saved = savedItems(), list = saved[kind] = saved[kind].filter(other => other.id !== item.id);
    if (on) list.splice(position == null ? 0 : position, 0, item);
    if (!storage.works || !storage.set(SAVED_KEY, saved)) {
      toast('Can’t save: this browser is blocking storage for this site (private mode or storage turned off).');
      return false;
    }
    showSaved();
    return true;
  };
  const undo = (kind, item, position) => ({ label: 'Undo', run: () => put(kind, item, true, position) });

  const photoItem = link => {
    const image = find('img', link);
    return {
      id: link.dataset.id,
      caption: link.dataset.caption,
      url: fromPage(link.matches('.photo-full') ? location.href : link.href),
      thumb: fromPage(image.getAttribute('src')),
      srcset: srcsetFromPage(image.getAttribute('srcset')),
      full: fromPage(link.dataset.full),
      fsrcset: srcsetFromPage(link.dataset.srcset),
      w: +link.dataset.width,
      h: +link.dataset.height
    };
  };
  document.addEventListener('click', event => {
    const button = event.target.closest(SAVE_BUTTONS);
    if (!button) return;
    const [kind, id] = targetOf(button), what = kind === 'facts' ? 'Fact' : 'Photo';
    const entry = button.closest('li'), link = entry ? find('a', entry) : location;
    const item = kind === 'facts' ? { id, text: button.dataset.text, url: fromPage(link.href) } : photoItem(inLightbox || find('.photo-full'));
    const on = !isSaved(kind, id), position = savedItems()[kind].findIndex(other => other.id === id);
    if (!put(kind, item, on)) return;
    if (on) toast(what + ' saved');
    else toast(what + ' removed', undo(kind, item, position));
  });
  findAll('[data-save-fact], [data-save-photo]').forEach(button => {
    button.hidden = false;
  });

  const escapeHTML = text => String(text).replace(/[&<>"']/g, char => '&#' + char.charCodeAt(0) + ';');
  const removeButton = (id, label) => `<button type="button" class="remove" data-id="${escapeHTML(id)}" aria-label="${escapeHTML(label)}"><svg class="icon" aria-hidden="true"><use href="${siteRoot}assets/icons.svg#close"></use></svg></button>`;
  const photoHTML = photo => `<li><a class="thumb" href="${escapeHTML(siteRoot + photo.url)}" data-id="${escapeHTML(photo.id)}" data-caption="${escapeHTML(photo.caption)}" data-full="${escapeHTML(siteRoot + photo.full)}" data-srcset="${escapeHTML(srcsetFromRoot(photo.fsrcset))}" data-width="${photo.w}" data-height="${photo.h}"><img src="${escapeHTML(siteRoot + photo.thumb)}" srcset="${escapeHTML(srcsetFromRoot(photo.srcset))}" sizes="(min-width: 40em) 16rem, 34vw" width="240" height="240" alt="${escapeHTML(photo.caption)}"></a>${removeButton(photo.id, 'Remove photo: ' + photo.caption)}</li>`;
  const factHTML = fact => `<li><a href="${escapeHTML(siteRoot + fact.url)}">${escapeHTML(fact.text)}</a>${removeButton(fact.id, 'Remove fact')}</li>`;
  // The saved page's two lists.
  const lists = [['photos', photoHTML, 'Photo'], ['facts', factHTML, 'Fact']].map(([kind, html, what]) => {
    const list = find('.saved-' + kind);
    return list && { list, kind, html, what, heading: find('h2', list.parentNode) };
  }).filter(Boolean);
  const drawLists = () => {
    if (inLightbox) {
      listsStale = true;
      return;
    }
    const saved = savedItems();
    for (const { list, kind, html } of lists) {
      list.innerHTML = saved[kind].map(html).join('');
      const empty = find('.empty', list.parentNode), counter = find('.count', list.parentNode);
      if (counter) counter.textContent = saved[kind].length || '';
      if (!empty) continue;
      empty.hidden = saved[kind].length > 0;
      if (!storage.works) empty.textContent = 'Saving needs browser storage, which is turned off here.';
    }
  };
  for (const { list, kind, what, heading } of lists) {
    if (heading) heading.tabIndex = -1;
    list.addEventListener('click', event => {
      const button = event.target.closest('.remove');
      if (!button) return;
      const items = savedItems()[kind], position = items.findIndex(item => item.id === button.dataset.id);
      const entry = button.closest('li'), neighbour = entry.nextElementSibling || entry.previousElementSibling;
      const neighbourId = neighbour && find('.remove', neighbour).dataset.id;
      if (!put(kind, items[position], false)) return;
      const next = findAll('.remove', list).find(remove => remove.dataset.id === neighbourId) || heading;
      if (next) next.focus();
      toast(what + ' removed', undo(kind, items[position], position));
    });
  }

  const showPressed = () => findAll(SAVE_BUTTONS).forEach(button => button.setAttribute('aria-pressed', isSaved(...targetOf(button))));
  const showSaved = () => {
    showPressed();
    drawLists();
  };
  listen('lightbox-show', link => {
    inLightbox = link;
    showPressed();
  });
  listen('lightbox-close', link => {
    inLightbox = null;
    if (!listsStale) return;
    listsStale = false;
    drawLists();
    // Un-saved while open: its thumbnail is gone, so the list's heading takes focus.
    const photos = lists.find(({ kind }) => kind === 'photos');
    if (photos && photos.heading && !isSaved('photos', link.dataset.id)) photos.heading.focus();
  });
  addEventListener('storage', event => {
    if (event.key === SAVED_KEY) showSaved();
  });
  showSaved();
});

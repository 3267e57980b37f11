// Favourites: photos and facts saved in localStorage (cg-saved), enough to draw the
// saved page. A saved photo keeps its thumbnail's <picture> as the page it was saved
// from has it (sources, srcset, width and height): a grid's thumbnail, or for a photo
// shown large on a page (a photo's, a breed's or a cat's) the square thumbnail in the
// <template> inside its link. The saved page draws it from the
// <template id="saved-photos-template"> in saved.mustache.
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

  // The names thumb, srcset, fsrcset, w and h are older than the others: lists saved
  // by earlier versions still draw, and earlier scripts read new ones. A photo shown
  // large (.photo-full) links to its page, with the photo open unless the page is its own.
  // A clip keeps its web video, which the viewer plays on the saved page
  // (js/viewer/saved-clips.js: site.js has no bytes to spare for it).
  const photoItem = link => {
    const thumbnail = find('template', link), picture = thumbnail ? thumbnail.content : link, image = find('img', picture);
    const id = link.dataset.id, page = fromPage(location.href);
    return {
      id,
      caption: link.dataset.caption,
      video: link.dataset.video && fromPage(link.dataset.video),
      url: !link.matches('.photo-full') ? fromPage(link.href) : page === id ? page : page + '#photo=' + encodeURI(id),
      sources: findAll('source', picture).map(source => ({ type: source.type, srcset: srcsetFromPage(source.getAttribute('srcset')) })),
      thumb: fromPage(image.getAttribute('src')),
      srcset: srcsetFromPage(image.getAttribute('srcset')),
      width: +image.getAttribute('width'),
      height: +image.getAttribute('height'),
      placeholder: image.dataset.ph || image.style.backgroundColor,
      full: fromPage(link.dataset.full),
      fsrcset: srcsetFromPage(link.dataset.srcset),
      w: +link.dataset.width,
      h: +link.dataset.height,
      // A Live Photo's clip, so that the saved page plays it as its album does.
      live: link.dataset.live ? fromPage(link.dataset.live) : undefined
    };
  };
  document.addEventListener('click', event => {
    const button = event.target.closest(SAVE_BUTTONS);
    if (!button) return;
    const [kind, id] = targetOf(button), what = kind === 'facts' ? 'Fact' : 'Photo';
    // A breed's photo is saved from its own entry; a photo's page has one photo.
    const entry = button.closest('li'), link = entry ? find('a', entry) : location;
    const item = kind === 'facts' ? { id, text: button.dataset.text, url: fromPage(link.href) } : photoItem(inLightbox || find('.photo-full', entry || document));
    const on = !isSaved(kind, id), position = savedItems()[kind].findIndex(other => other.id === id);
    if (!put(kind, item, on)) return;
    if (on) toast(what + ' saved');
    else toast(what + ' removed', undo(kind, item, position));
  });
  findAll('[data-save-fact], [data-save-photo]').forEach(button => {
    button.hidden = false;
  });

  // A saved image's `sizes` is the saved grid's, from the template, when its srcset
  // lists widths (a photo page's picture); with densities (a thumbnail's) it has none.
  const setSrcset = (element, srcset) => {
    element.srcset = srcsetFromRoot(srcset);
    if (!/\dw(,|$)/.test(element.srcset)) element.removeAttribute('sizes');
  };
  const photoEntry = (entry, photo) => {
    const link = find('a', entry), image = find('img', link), sourceTemplate = find('source', link) || document.createElement('source');
    link.href = siteRoot + photo.url;
    Object.assign(link.dataset, { id: photo.id, caption: photo.caption, full: siteRoot + photo.full, srcset: srcsetFromRoot(photo.fsrcset), width: photo.w, height: photo.h });
    if (photo.live) link.dataset.live = siteRoot + photo.live;
    const badge = find('.badge-live', link);
    if (badge) badge.hidden = !photo.live;
    for (const { type, srcset } of photo.sources || []) {
      const source = Object.assign(sourceTemplate.cloneNode(), { type });
      setSrcset(source, srcset);
      image.before(source);
    }
    sourceTemplate.remove();
    image.src = siteRoot + photo.thumb;
    setSrcset(image, photo.srcset);
    if (photo.width) Object.assign(image, { width: photo.width, height: photo.height });
    image.alt = photo.caption;
    image.style.backgroundColor = photo.placeholder || '';
    find('.remove', entry).ariaLabel += ': ' + photo.caption;
  };
  const factEntry = (entry, fact) => {
    const link = find('a', entry);
    link.href = siteRoot + fact.url;
    link.textContent = fact.text;
  };
  // The saved page: each list is drawn from the <template> named after it.
  const lists = [['photos', photoEntry, 'Photo'], ['facts', factEntry, 'Fact']].map(([kind, fill, what]) => {
    const list = find('.saved-' + kind), template = find(`#saved-${kind}-template`);
    if (list && !template) console.warn(`catgallery: .saved-${kind} needs a <template id="saved-${kind}-template">`);
    return list && template && { list, template, kind, fill, what, heading: find('h2', list.parentNode) };
  }).filter(Boolean);
  const drawLists = () => {
    if (inLightbox) {
      listsStale = true;
      return;
    }
    const saved = savedItems();
    for (const { list, template, kind, fill } of lists) {
      list.replaceChildren(...saved[kind].map(item => {
        const entry = template.content.firstElementChild.cloneNode(true);
        fill(entry, item);
        find('.remove', entry).dataset.id = item.id;
        return entry;
      }));
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

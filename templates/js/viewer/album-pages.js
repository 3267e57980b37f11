// Paged albums (site.yml page_size): the viewer walks on past the first or last
// photo of the page into the pages before and after. A paged album's list names its
// neighbouring pages (data-previous, data-next, relative folders); when the viewer
// steps past an edge it asks `viewer.more` (lightbox.js), which fetches that page's
// items.json and hands back links made like the page's own. Each carries the page it
// lives on (data-at), so the address shown while it is open opens it from cold too.
// One of the viewer's parts: it loads when the viewer first opens.
feature('album-pages', () => {
  if (!find('ul.items[data-total]')) return;
  // While the lightbox shows a photo of another page, the address names that page: the
  // page's own relative URLs (images, links, the icon) must still resolve against the
  // page as loaded, so it is made the base URL.
  const pageURL = location.href.split('#')[0];
  if (!find('base')) document.head.append(Object.assign(document.createElement('base'), { href: pageURL }));
  let viewer = null, walk = null;

  // A thumbnail link for `item` of the page whose folder is `base`.
  const linkFor = (item, base) => {
    const absolute = url => new URL(url, base).href;
    const srcset = value => (value || '').split(',').filter(Boolean).map(candidate => {
      const [url, descriptor] = candidate.trim().split(/\s+/);
      return absolute(url) + (descriptor ? ' ' + descriptor : '');
    }).join(', ');
    const link = document.createElement('a'), picture = document.createElement('picture');
    link.className = 'thumb';
    link.href = absolute(item.href);
    Object.assign(link.dataset, {
      id: item.id, full: absolute(item.full), srcset: srcset(item.srcset), width: item.width, height: item.height,
      caption: item.caption, name: item.name, at: new URL(base).pathname
    });
    if (item.info) link.dataset.info = item.info;
    if (item.video) link.dataset.video = absolute(item.video);
    if (item.live) link.dataset.live = absolute(item.live);
    for (const source of item.thumb.sources) {
      picture.append(Object.assign(document.createElement('source'), { type: source.type, srcset: srcset(source.srcset) }));
    }
    const image = Object.assign(document.createElement('img'), {
      src: absolute(item.thumb.src), srcset: srcset(item.thumb.srcset), width: item.thumb.width, height: item.thumb.height, alt: ''
    });
    image.style.backgroundColor = item.thumb.placeholder;
    picture.append(image);
    link.append(picture);
    return link;
  };
  // The walk through the album the viewer was opened in: where its links start in the
  // album, how many there are, and the folders of the pages not fetched yet on each side.
  const begin = () => {
    const link = viewer.links[viewer.index], list = link && link.isConnected && link.closest('ul.items[data-total]');
    const folder = name => list && list.dataset[name] ? new URL(list.dataset[name], pageURL).href : null;
    walk = list ? { first: +list.dataset.first, total: +list.dataset.total, previous: folder('previous'), next: folder('next') } : null;
  };
  // The links of the page at the folder URL `folder`, noting the page beyond it.
  const load = async step => {
    const key = step < 0 ? 'previous' : 'next', folder = walk[key], session = walk;
    const response = await fetch(new URL('items.json', folder));
    if (!response.ok) throw new Error(`${response.status} for ${response.url}`);
    const page = await response.json(), links = page.items.map(item => linkFor(item, folder));
    const further = step < 0 ? page.previous : page.next;
    session[key] = further ? new URL(further, folder).href : null;
    if (step < 0) session.first -= links.length;
    return links;
  };

  listen('lightbox-build', built => {
    viewer = built;
    viewer.more = {
      has: step => {
        if (!walk) begin();
        return !!(walk && walk[step < 0 ? 'previous' : 'next']);
      },
      load: step => load(step).catch(error => {
        console.warn('catgallery: album page not loaded:', error);
        return [];
      })
    };
  });
  listen('lightbox-show', () => {
    if (!walk) begin();
    if (walk) viewer.counter.textContent = `${walk.first + viewer.index + 1} of ${walk.total}`;
  });
  listen('lightbox-close', () => {
    walk = null;
  });
});

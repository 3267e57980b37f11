// Paged albums (site.yml page_size): the lightbox walks on past the first or last
// photo of the page into the pages before and after. A paged album's list names its
// neighbouring pages (data-previous, data-next, relative folders); on reaching an edge
// this fetches that page's items.json once and hands the lightbox links made like the
// page's own (viewer.extend in lightbox.js). Each carries the page it lives on
// (data-at), so the address shown while it is open opens it from cold too.
feature('album-pages', () => {
  if (!find('ul.items[data-total]')) return;
  // While the lightbox shows a photo of another page, the address names that page: the
  // page's own relative URLs (images, links, the icon) must still resolve against the
  // page as loaded, so it is made the base URL.
  const pageURL = location.href.split('#')[0];
  if (!find('base')) document.head.append(Object.assign(document.createElement('base'), { href: pageURL }));
  let viewer = null, walk = null;
  listen('lightbox-build', built => {
    viewer = built;
  });

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
      caption: item.caption, at: new URL(base).pathname
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
  const counter = () => {
    viewer.counter.textContent = `${walk.first + viewer.index + 1} of ${walk.total}`;
  };
  // Fetches the page at the folder URL `folder` and adds its items before or after.
  const load = async (folder, before) => {
    const response = await fetch(new URL('items.json', folder));
    if (!response.ok) throw new Error(`${response.status} for ${response.url}`);
    const page = await response.json(), links = page.items.map(item => linkFor(item, folder));
    const further = before ? page.previous : page.next;
    return { links, further: further ? new URL(further, folder).href : null };
  };
  const extend = (session, before) => {
    const key = before ? 'previous' : 'next', folder = session[key];
    session[key] = null;
    load(folder, before).then(({ links, further }) => {
      if (walk !== session || !viewer.isOpen) return;
      viewer.extend(links, before);
      if (before) session.first -= links.length;
      session[key] = further;
      counter();
    }, error => {
      session[key] = folder;
      console.warn('catgallery: album page not loaded:', error);
    });
  };

  listen('lightbox-show', link => {
    if (!viewer) return;
    if (!walk || walk.links !== viewer.links) {
      const list = link.isConnected && link.closest('ul.items[data-total]');
      const folder = name => list && list.dataset[name] ? new URL(list.dataset[name], pageURL).href : null;
      walk = list ? { links: viewer.links, first: +list.dataset.first, total: +list.dataset.total, previous: folder('previous'), next: folder('next') } : null;
    }
    if (!walk) return;
    counter();
    if (viewer.index === viewer.links.length - 1 && walk.next) extend(walk, false);
    if (viewer.index === 0 && walk.previous) extend(walk, true);
  });
});

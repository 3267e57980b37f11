// Paged albums (site.yml page_size): the viewer walks on past the first or last
// photo of the page into the pages before and after. A paged album's list names its
// neighbouring pages (data-previous, data-next, relative folders); when the viewer
// steps past what it has it asks `viewer.more` (lightbox.js), which fetches that page's
// items.json and hands back links made like the page's own. Each carries the page it
// lives on (data-at), so the address shown while it is open opens it from cold too.
// The parks list walks each park whole, its own later pages between it and the next
// park, then on into the list's next page: each park's list (a "run") keeps where it
// starts in the walk (data-start) and its own pages not fetched yet, and the view
// keeps the list's. One of the viewer's parts: it loads when the viewer first opens.
feature('album-pages', () => {
  if (!find('ul.items[data-total]')) return;
  // While the lightbox shows a photo of another page, the address names that page: the
  // page's own relative URLs (images, links, the icon) must still resolve against the
  // page as loaded, so it is made the base URL.
  const pageURL = location.href.split('#')[0];
  if (!find('base')) document.head.append(Object.assign(document.createElement('base'), { href: pageURL }));
  const view = find('.view[data-total]');
  // The runs of the walk, by list element and by fetched link; the list pages not fetched.
  let viewer = null, runs = null, list = null;

  // A folder named relative to `base` (a URL), or null.
  const folder = (name, base) => name ? new URL(name, base).href : null;
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
  // A run from what a list (its data-*) or a page's JSON says, relative to `base`.
  const runOf = (data, base) => ({
    first: +data.first, total: +data.total, start: +data.start || 0,
    previous: folder(data.previous, base), next: folder(data.next, base)
  });
  // The walk as the page holds it: a run per list, and the list's pages either side.
  const begin = () => {
    runs = new Map(findAll('ul.items[data-total]').map(element => [element, runOf(element.dataset, pageURL)]));
    list = view ? runOf(view.dataset, pageURL) : {};
  };
  const runAt = index => {
    if (!runs) begin();
    const link = viewer.links[index];
    return link && (runs.get(link) || runs.get(link.closest('ul')));
  };
  // What lies between the photo shown and the one `step` away that the viewer has not
  // fetched: the run shown, or the next one, has pages on that side, or else the list's.
  const gap = step => {
    const key = step < 0 ? 'previous' : 'next', back = step < 0 ? 'next' : 'previous';
    const here = runAt(viewer.index), there = runAt(viewer.index + step);
    if (!here || here === there) return null;
    if (here[key]) return [here, key];
    if (there) return there[back] ? [there, back] : null;
    return list[key] ? [list, key] : null;
  };
  // The links of the page at the folder `run[key]`, noting the page beyond it.
  const load = async ([run, key]) => {
    // The walk may be closed (and begun again) while this loads.
    const base = run[key], held = runs, response = await fetch(new URL('items.json', base));
    if (!response.ok) throw new Error(response.status + ' ' + response.url);
    const page = await response.json(), links = [];
    run[key] = folder(page[key], base);
    // A page of the parks list: a run for each of its parks.
    for (const part of page.sections || [page]) {
      const owner = page.sections ? runOf(part, base) : run;
      owner.first = Math.min(owner.first, part.first);
      for (const item of part.items) {
        const link = linkFor(item, base);
        held.set(link, owner);
        links.push(link);
      }
    }
    return links;
  };

  listen('lightbox-build', built => {
    viewer = built;
    viewer.more = {
      // Only a step to a neighbour fetches: a jump (the filmstrip) goes to a photo the viewer has.
      has: step => Math.abs(step) === 1 && !!gap(step),
      load: step => {
        const [run, key] = gap(step);
        return load([run, key]).catch(error => {
          // A page the server refused or sent broken is passed over from the next step on;
          // one the network failed to bring (offline) is asked for again.
          if (!(error instanceof TypeError)) run[key] = null;
          console.warn('catgallery: album page not loaded:', error);
          return [];
        });
      }
    };
  });
  listen('lightbox-show', () => {
    const run = runAt(viewer.index);
    if (!run) return;
    let index = viewer.index;
    while (runAt(index - 1) === run) index--;
    const total = list.total || run.total;
    viewer.counter.textContent = total > 1 ? `${run.start + run.first + viewer.index - index + 1} of ${total}` : '';
  });
  listen('lightbox-close', () => {
    runs = null;
  });
});

// Lightbox for every a.thumb with data-full: it opens out of the thumbnail and closes
// back into it, and walks every photo of the thumbnail's view (a list page's sections
// too) or else its list. The URL names the photo (#photo=<id>): Back closes it and a
// shared link opens it. Everything else (gestures, keys, zoom, the toolbar and the
// filmstrip) is in js/viewer/, loaded with assets/viewer.css when it first opens: the
// photo and its animation start at once, and Close, Previous and Next work meanwhile.
// Announces 'lightbox-build' with the viewer once those parts are in (then
// 'lightbox-show' again for the photo shown), 'lightbox-show' with each photo's link
// and 'lightbox-close' with the last one.
feature('lightbox', () => {
  const template = find('#lb-template');
  if (!template) return;
  const root = document.documentElement, body = document.body;
  const NO_CLIP = 'inset(0px 0px round 0px)';
  // Built on first use; `fitted` is the photo's box at scale 1, `scale`, `x` and `y` its zoom and pan.
  let viewer = null;

  const build = () => {
    body.append(template.content.cloneNode(true));
    const element = find('.lb'), part = selector => find(selector, element);
    viewer = {
      element, backdrop: part('.lb-bg'), frame: part('.lb-img'), preview: part('.lb-thumb'), photo: part('.lb-full'),
      counter: part('.lb-count'), caption: part('.lb-cap'), previous: part('.lb-prev'), next: part('.lb-next'),
      scale: 1, x: 0, y: 0, backsPending: 0, more: null,
      go, canGo, close, zoom, clamp, render, layout, maxScale
    };
    part('.lb-close').addEventListener('click', () => close());
    viewer.previous.addEventListener('click', () => go(-1));
    viewer.next.addEventListener('click', () => go(1));
    viewer.photo.addEventListener('load', () => viewer.photo.classList.add('loaded'));
    // The viewer's other parts; one that fails to load leaves the viewer as it is.
    let waiting = 2;
    const loaded = () => {
      if (--waiting) return;
      element.classList.add('lb-ready');
      announce('lightbox-build', viewer);
      if (!viewer.isOpen) return;
      // A part may have set `viewer.more` meanwhile.
      showArrows();
      announce('lightbox-show', current());
    };
    const style = document.createElement('link'), script = document.createElement('script');
    style.rel = 'stylesheet';
    style.href = siteRoot + 'assets/viewer.css';
    script.src = siteRoot + 'assets/viewer.js';
    style.onload = style.onerror = script.onload = script.onerror = loaded;
    document.head.append(style, script);
  };
  const current = () => viewer.links[viewer.index];
  // A link of another page of the album (album-pages.js) is in no document: its
  // thumbnail, a square, is taken to be at the middle of the photo.
  const rectOf = link => link.isConnected ? (find('img', link) || link).getBoundingClientRect() : new DOMRect(0, 0, 1, 1);
  const isVisible = link => link.offsetParent !== null;
  // `data-at` names the page a link of another page lives on (album-pages.js), so its
  // URL opens it from cold.
  const here = location.pathname + location.search;
  const photoURL = link => (link.dataset.at || here) + '#photo=' + encodeURI(link.dataset.id);
  // Whether there is a photo `step` places on: in the page, or one that `viewer.more` can
  // fetch. That hook is for a part that finds photos beyond the page (an album's other
  // pages): `more.has(step)` says whether there are any between the photo shown and the
  // next link on that side (-1 before, 1 after, or past the last link), and
  // `more.load(step)` resolves to the links to put in there.
  const canGo = step => !!viewer.links[viewer.index + step] || !!(viewer.more && viewer.more.has(step));
  const showArrows = () => {
    viewer.previous.hidden = !canGo(-1);
    viewer.next.hidden = !canGo(1);
  };

  // The photo fitted (contained) in the viewport, never wider than its largest copy's
  // pixels: a small photo is not blown up. A clip stays above the filmstrip
  // (lightbox-filmstrip.js), as its controls are at its foot.
  function fit(link) {
    const strip = link.dataset.video && find('.lb-strip', viewer.element);
    const viewWidth = viewer.element.clientWidth, viewHeight = viewer.element.clientHeight - (strip ? strip.offsetHeight : 0);
    const ratio = link.dataset.width / link.dataset.height, width = Math.min(viewWidth, viewHeight * ratio, link.dataset.width);
    return { x: (viewWidth - width) / 2, y: (viewHeight - width / ratio) / 2, width, height: width / ratio };
  }
  // The transform and clip that make the fitted photo cover exactly the thumbnail's rectangle.
  function coverThumbnail(rect) {
    const fitted = viewer.fitted, ratio = rect.width / rect.height, wider = fitted.width / fitted.height > ratio;
    const cropWidth = wider ? fitted.height * ratio : fitted.width, cropHeight = wider ? fitted.height : fitted.width / ratio;
    const cropX = (fitted.width - cropWidth) / 2, cropY = (fitted.height - cropHeight) / 2, factor = rect.width / cropWidth;
    const link = current(), radius = parseFloat(getComputedStyle(find('img', link) || link).borderTopLeftRadius) / factor || 0;
    return {
      transform: `translate(${rect.left - fitted.x - cropX * factor}px,${rect.top - fitted.y - cropY * factor}px) scale(${factor})`,
      clipPath: `inset(${cropY}px ${cropX}px round ${radius}px)`,
      crop: [cropX, cropY, cropWidth, cropHeight]
    };
  }
  function render(eased) {
    const style = viewer.frame.style;
    style.transition = eased && !prefersReducedMotion() ? 'transform .3s ' + EASING : '';
    style.transform = `translate(${viewer.x}px,${viewer.y}px) scale(${viewer.scale})`;
    viewer.element.classList.toggle('zoomed', viewer.scale > 1.01);
  }
  // Keeps a zoomed photo's edges outside the viewport and a smaller one centred.
  function clamp() {
    const fitted = viewer.fitted, viewWidth = viewer.element.clientWidth, viewHeight = viewer.element.clientHeight;
    const width = fitted.width * viewer.scale, height = fitted.height * viewer.scale;
    viewer.x = width <= viewWidth ? (viewWidth - width) / 2 - fitted.x : Math.min(-fitted.x, Math.max(viewWidth - width - fitted.x, viewer.x));
    viewer.y = height <= viewHeight ? (viewHeight - height) / 2 - fitted.y : Math.min(-fitted.y, Math.max(viewHeight - height - fitted.y, viewer.y));
  }
  // A clip does not zoom: its controls would grow out of sight.
  function maxScale() {
    return current().dataset.video ? 1 : Math.max(3, current().dataset.width / viewer.fitted.width);
  }
  // Asks for a larger derivative once the photo is shown wider than any asked for yet.
  const requestWidth = width => {
    width = Math.round(width);
    if (width > viewer.requestedWidth) viewer.photo.sizes = (viewer.requestedWidth = width) + 'px';
  };
  // Zooms to `scale` about the viewport point (pointX, pointY).
  function zoom(scale, pointX, pointY, eased) {
    const fitted = viewer.fitted, next = Math.min(maxScale(), Math.max(1, scale));
    const photoX = (pointX - fitted.x - viewer.x) / viewer.scale, photoY = (pointY - fitted.y - viewer.y) / viewer.scale;
    viewer.x = pointX - fitted.x - photoX * next;
    viewer.y = pointY - fitted.y - photoY * next;
    viewer.scale = next;
    clamp();
    render(eased);
    clearTimeout(viewer.sharpenTimer);
    viewer.sharpenTimer = setTimeout(() => requestWidth(fitted.width * viewer.scale), 200);
  }
  function layout() {
    const link = current(), fitted = viewer.fitted = fit(link), rect = rectOf(link);
    // A thumbnail out of sight (in a collapsed section) has no box: the whole photo stands in.
    const [cropX, cropY, cropWidth, cropHeight] = rect.width ? coverThumbnail(rect).crop : [0, 0, fitted.width, fitted.height];
    Object.assign(viewer.frame.style, { left: fitted.x + 'px', top: fitted.y + 'px', width: fitted.width + 'px', height: fitted.height + 'px' });
    Object.assign(viewer.preview.style, { left: cropX + 'px', top: cropY + 'px', width: cropWidth + 'px', height: cropHeight + 'px' });
    viewer.scale = 1;
    viewer.x = viewer.y = 0;
    requestWidth(fitted.width);
    render();
  }
  function show(index) {
    const link = viewer.links[index], image = find('img', link), count = viewer.links.length, photo = viewer.photo;
    viewer.index = index;
    viewer.frame.style.backgroundColor = image ? image.dataset.ph || image.style.backgroundColor : '';
    viewer.preview.src = image ? image.currentSrc || image.src : '';
    photo.classList.remove('loaded');
    photo.removeAttribute('srcset');
    photo.removeAttribute('src');
    viewer.requestedWidth = 0;
    layout();
    photo.alt = viewer.caption.textContent = link.dataset.caption || '';
    photo.srcset = link.dataset.srcset;
    photo.src = link.dataset.full;
    viewer.counter.textContent = count > 1 ? `${index + 1} of ${count}` : '';
    showArrows();
    findAll('.lb-source').forEach(other => other.classList.remove('lb-source'));
    link.classList.add('lb-source');
    // The neighbours load at the same size meanwhile, so browsing shows them at once.
    for (const neighbour of [viewer.links[index - 1], viewer.links[index + 1]]) {
      if (!neighbour) continue;
      const preload = new Image();
      preload.sizes = photo.sizes;
      preload.srcset = neighbour.dataset.srcset;
    }
    announce('lightbox-show', link);
  }
  function open(link, animate) {
    if (!viewer) build();
    if (viewer.isOpen) return;
    // The whole view the thumbnail is in (every section of a list page), else its list.
    const element = viewer.element, album = link.closest('.view') || link.closest('ul'), scrollbarWidth = innerWidth - root.clientWidth;
    viewer.isOpen = true;
    viewer.links = album ? findAll('a.thumb', album).filter(other => other.dataset.full) : [link];
    viewer.returnFocus = document.activeElement;
    root.style.overflow = 'hidden';
    root.style.paddingRight = scrollbarWidth ? scrollbarWidth + 'px' : '';
    // Back must not undo scrolling to the last photo shown.
    history.scrollRestoration = 'manual';
    for (const child of body.children) {
      if (child !== element && !child.matches('.toast')) child.inert = true;
    }
    element.hidden = false;
    show(viewer.links.indexOf(link));
    history[history.state && history.state.cgPhoto ? 'replaceState' : 'pushState']({ cgPhoto: 1 }, '', photoURL(link));
    find('.lb-close', element).focus({ preventScroll: true });
    if (!animate || prefersReducedMotion() || !isVisible(link)) return;
    const start = coverThumbnail(rectOf(link)), timing = { duration: 330, easing: EASING };
    element.classList.add('anim');
    viewer.animation = viewer.frame.animate([{ transform: start.transform, clipPath: start.clipPath }, { transform: viewer.frame.style.transform, clipPath: NO_CLIP }], timing);
    viewer.backdrop.animate({ opacity: [0, 1] }, timing);
    viewer.animation.onfinish = viewer.animation.oncancel = () => {
      element.classList.remove('anim');
      viewer.animation = null;
    };
  }
  // `popped`: Back has already left the photo's history entry.
  function close(popped) {
    if (!viewer || !viewer.isOpen || viewer.closing) return;
    const link = current(), element = viewer.element, id = link.dataset.id;
    viewer.closing = true;
    if (!popped && history.state && history.state.cgPhoto) {
      viewer.backsPending++;
      history.back();
    }
    const finish = () => {
      element.hidden = true;
      element.classList.remove('anim');
      viewer.isOpen = viewer.closing = false;
      history.scrollRestoration = 'auto';
      viewer.backdrop.style.opacity = root.style.overflow = root.style.paddingRight = '';
      for (const child of body.children) child.inert = false;
      link.classList.remove('lb-source');
      announce('lightbox-close', link);
      // The page may have drawn its thumbnails anew meanwhile (the saved page does).
      // A thumbnail in a collapsed section cannot take focus: the one it opened from does.
      const target = [link, findAll('a.thumb').find(other => other.dataset.id === id), viewer.returnFocus]
        .find(candidate => candidate && document.contains(candidate) && isVisible(candidate)) || viewer.returnFocus;
      if (target) target.focus({ preventScroll: true });
    };
    if (prefersReducedMotion() || !isVisible(link)) return finish();
    // A locked root does not scroll to the thumbnail.
    root.style.overflow = root.style.paddingRight = '';
    let rect = rectOf(link);
    if (rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth) {
      link.scrollIntoView({ block: 'center' });
      rect = rectOf(link);
    }
    const end = coverThumbnail(rect), timing = { duration: 300, easing: EASING };
    if (viewer.animation) viewer.animation.cancel();
    element.classList.add('anim');
    viewer.frame.style.transition = '';
    viewer.frame.animate([{ transform: viewer.frame.style.transform, clipPath: NO_CLIP }, { transform: end.transform, clipPath: end.clipPath }], timing).onfinish = finish;
    viewer.backdrop.animate({ opacity: [getComputedStyle(viewer.backdrop).opacity, 0] }, timing);
  }
  // Shows the photo `step` places on; `dragged` is how far a swipe has moved it already.
  // When `viewer.more` has photos on that side first, it fetches them, puts them in
  // next to the one shown, and goes on once they are in. Meanwhile the viewer stays
  // (a key held down does not ask again), so they go in where they belong.
  function go(step, dragged) {
    const index = viewer.index + step, links = viewer.links;
    if (!viewer.isOpen || viewer.closing || viewer.fetching) return false;
    if (viewer.more && viewer.more.has(step)) {
      viewer.fetching = true;
      viewer.more.load(step).finally(() => viewer.fetching = false).then(added => {
        // Closed, or opened again, meanwhile: the walk they were for is gone.
        if (!viewer.isOpen || viewer.links !== links) return;
        // None came (the page could not be fetched): the arrows say what is left.
        if (!added.length) return showArrows();
        const at = viewer.index + (step > 0);
        viewer.links = [...links.slice(0, at), ...added, ...links.slice(at)];
        if (step < 0) viewer.index += added.length;
        go(step);
      }, () => {});
      return false;
    }
    if (!viewer.links[index]) return false;
    show(index);
    history.replaceState({ cgPhoto: 1 }, '', photoURL(viewer.links[index]));
    if (!prefersReducedMotion()) {
      viewer.frame.animate({ transform: [`translate(${(dragged || 0) + Math.sign(step) * 60}px,0)`, 'translate(0,0)'], opacity: [dragged ? 1 : 0, 1] }, { duration: 260, easing: EASING });
    }
    return true;
  }

  document.addEventListener('click', event => {
    const link = event.target.closest('a.thumb');
    if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !link.dataset.full) return;
    event.preventDefault();
    open(link, true);
  });
  // The thumbnail named by #photo=<id>, preferring one that is on screen.
  const linkFromHash = () => {
    const match = /^#photo=(.+)$/.exec(location.hash), id = match && decodeURI(match[1]);
    const links = findAll('a.thumb').filter(link => link.dataset.id === id);
    return links.find(isVisible) || links[0];
  };
  addEventListener('popstate', () => {
    if (viewer && viewer.backsPending) {
      viewer.backsPending--;
      return;
    }
    const link = linkFromHash();
    if (!link) close(true);
    else if (!(viewer && viewer.isOpen)) open(link);
  });
  // Once every part has run (the saved page has drawn its thumbnails), a shared link opens its photo.
  listen('ready', () => {
    const link = linkFromHash();
    if (!link) return;
    history.replaceState(null, '', location.pathname + location.search);
    open(link);
  });
});

// The lightbox's buttons for the photo shown: download, share, zoom in and out, and full
// screen. Each is in the template, hidden until this part wires it up.
// - Download links to the largest copy the site publishes (originals are never published
//   one by one), or the clip, under the photo's own file name (`IMG_0001.webp`).
// - Share hands the photo's page to the system's share sheet where there is one (phones),
//   else copies its address and says so in a toast.
// - Full screen uses the Fullscreen API. Where a browser has none for an element (Safari
//   on iPhone) the viewer, which covers the page already, drops its own chrome instead:
//   caption, filmstrip and the Previous and Next buttons (the top bar stays, to leave).
feature('lightbox toolbar', () => listen('lightbox-build', viewer => {
  const element = viewer.element, part = selector => find(selector, element);
  const tools = part('.lb-tools'), download = part('.lb-download'), share = part('.lb-share');
  const fullscreen = part('.lb-fullscreen'), canFullscreen = document.fullscreenEnabled && element.requestFullscreen;
  if (!tools || !download || !share || !fullscreen) return;
  tools.hidden = download.hidden = share.hidden = false;
  let link;

  const zoomIn = part('.lb-zoom-in'), zoomOut = part('.lb-zoom-out');
  const zoomBy = factor => viewer.zoom(viewer.scale * factor, innerWidth / 2, innerHeight / 2, true);
  zoomIn.addEventListener('click', () => zoomBy(1.5));
  zoomOut.addEventListener('click', () => zoomBy(1 / 1.5));
  // Zoom in is marked disabled at the largest scale and zoom out at the fitted photo.
  // aria-disabled rather than disabled: a button that disables itself under the
  // keyboard would drop the focus out of the viewer. Every zoom (these buttons, keys,
  // wheel, pinch, double-tap, a new photo) writes the frame's transform, in lightbox.js
  // (site.js, whose budget is full), so watching that attribute keeps them in step.
  const showLimits = () => {
    zoomIn.setAttribute('aria-disabled', String(viewer.scale >= viewer.maxScale() - .01));
    zoomOut.setAttribute('aria-disabled', String(viewer.scale <= 1.01));
  };
  new MutationObserver(showLimits).observe(viewer.frame, { attributes: true, attributeFilter: ['style'] });

  listen('lightbox-show', shown => {
    link = shown;
    const file = link.dataset.video || link.dataset.full, extension = (/\.\w+$/.exec(file) || [''])[0];
    // The photo's own name (`IMG_0001`), else its page's (the URL slug, `img-0001`).
    const name = link.dataset.name || link.dataset.id.replace(/\/$/, '').split('/').pop() || 'photo';
    download.href = file;
    download.download = name + extension;
    download.setAttribute('aria-label', link.dataset.video ? 'Download clip' : 'Download photo');
    showLimits();
  });

  share.addEventListener('click', async () => {
    const url = link.href, title = link.dataset.caption || document.title;
    if (navigator.share) {
      try {
        return await navigator.share({ title, url });
      } catch (error) {
        // Cancelled by the visitor; any other refusal falls back to copying.
        if (error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      announce('toast', { message: 'Link copied' });
    } catch {
      announce('toast', { message: 'Could not copy the link: ' + url });
    }
  });

  const isFull = () => canFullscreen ? document.fullscreenElement === element : element.classList.contains('lb-fill');
  const showFull = () => fullscreen.setAttribute('aria-pressed', String(isFull()));
  fullscreen.addEventListener('click', () => {
    if (canFullscreen) {
      (isFull() ? document.exitFullscreen() : element.requestFullscreen()).catch(() => {});
    } else {
      element.classList.toggle('lb-fill');
      showFull();
    }
  });
  document.addEventListener('fullscreenchange', showFull);
  listen('lightbox-close', () => {
    if (document.fullscreenElement === element) document.exitFullscreen().catch(() => {});
    element.classList.remove('lb-fill');
    showFull();
  });
}));

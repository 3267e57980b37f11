// The lightbox's buttons for the photo shown: download, share, zoom in and out, and full
// screen. Each is in the template, hidden until this part wires it up.
// - Download links to the largest copy the site publishes (originals are never published
//   one by one), or the clip, named after the photo's page (`hockinghills1.jpg`).
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

  const zoomBy = factor => viewer.zoom(viewer.scale * factor, innerWidth / 2, innerHeight / 2, true);
  part('.lb-zoom-in').addEventListener('click', () => zoomBy(1.5));
  part('.lb-zoom-out').addEventListener('click', () => zoomBy(1 / 1.5));

  listen('lightbox-show', shown => {
    link = shown;
    const file = link.dataset.video || link.dataset.full, extension = (/\.\w+$/.exec(file) || [''])[0];
    const name = link.dataset.id.replace(/\/$/, '').split('/').pop() || 'photo';
    download.href = file;
    download.download = name + extension;
    download.setAttribute('aria-label', link.dataset.video ? 'Download clip' : 'Download photo');
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

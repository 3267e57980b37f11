// Clips in the lightbox: a thumbnail with data-video shows its clip over the poster,
// with the browser's own controls. It starts muted (never sound the viewer did not ask
// for) and keeps the viewer's choice of sound for the next clip; it stops when the
// viewer moves on or closes. A pointer on the clip works its controls, not the
// viewer's swipes; arrows, Escape and Back act as for photos.
feature('lightbox video', () => listen('lightbox-build', viewer => {
  const video = document.createElement('video');
  video.className = 'lb-video';
  video.controls = video.playsInline = true;
  video.preload = 'metadata';
  video.hidden = true;
  viewer.frame.append(video);
  let muted = true;
  video.addEventListener('volumechange', () => {
    if (!video.hidden) muted = video.muted;
  });
  const stop = () => {
    video.pause();
    video.hidden = true;
    video.removeAttribute('src');
    video.removeAttribute('poster');
    video.load();
    viewer.element.classList.remove('lb-clip');
  };
  listen('lightbox-show', link => {
    stop();
    if (!link.dataset.video) return;
    viewer.element.classList.add('lb-clip');
    video.hidden = false;
    video.poster = link.dataset.full;
    video.src = link.dataset.video;
    video.muted = muted;
    video.play().catch(() => {});
  });
  listen('lightbox-close', stop);
}));

// Live Photos in the lightbox: its Live button shows for a photo whose link has data-live
// (the clip the phone took with it) and plays that clip over the photo, muted, inline and
// without controls, from its start each time; the photo shows again when the clip ends
// or the viewer moves on or closes. One of the viewer's parts, so any page's lightbox can
// play one, even a photo fetched from another page or drawn by the saved page.
feature('lightbox live', () => listen('lightbox-build', viewer => {
  const button = find('.lb-live', viewer.element);
  if (!button) return;
  const video = document.createElement('video');
  video.className = 'live-video';
  video.muted = video.playsInline = true;
  let src;
  const stop = () => {
    video.pause();
    video.remove();
  };
  video.onended = stop;
  button.addEventListener('click', () => {
    if (video.getAttribute('src') !== src) video.src = src;
    video.currentTime = 0;
    viewer.frame.append(video);
    video.play().catch(stop);
  });
  listen('lightbox-show', link => {
    stop();
    src = link.dataset.live;
    button.hidden = !src;
  });
  listen('lightbox-close', stop);
}));

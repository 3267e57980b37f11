// Live Photos shown large on a page (a photo's page, each of a breed's photos): a photo
// whose link has data-live (the clip the phone took with it) plays that clip in place
// over the still, muted, inline and without controls, and shows the still again when it
// ends. The Live button plays it; on a desktop, hovering the picture plays it too (unless
// the viewer asked for less motion). This is assets/live.js, which site.js loads only on
// a page that shows one (js/live-photo.js); the lightbox's Live button is one of the
// viewer's parts (js/viewer/lightbox-live.js). Without JavaScript the page links to the clip.
feature('live photo', () => {
  for (const frame of findAll('.live-photo')) {
    const link = find('[data-live]', frame), button = find('.live-button', frame);
    if (!link || !button) continue;
    // The video is in the page only while it plays, from its start each time. A photo's
    // page sizes its frame to the picture; a breed's frame is the list entry, in which
    // the still is centred, so there the video covers just the still.
    const still = frame.matches('.breed-photo') && find('img', link), video = document.createElement('video');
    video.className = 'live-video';
    video.muted = video.playsInline = true;
    const stop = () => {
      video.pause();
      video.remove();
    };
    const play = () => {
      if (!video.getAttribute('src')) video.src = link.dataset.live;
      if (still) {
        const outer = frame.getBoundingClientRect(), inner = still.getBoundingClientRect();
        Object.assign(video.style, {
          left: inner.left - outer.left - frame.clientLeft + 'px', top: inner.top - outer.top - frame.clientTop + 'px',
          width: inner.width + 'px', height: inner.height + 'px'
        });
      }
      video.currentTime = 0;
      frame.append(video);
      video.play().catch(stop);
    };
    video.onended = stop;
    button.hidden = false;
    button.addEventListener('click', play);
    if (matchMedia('(hover: hover)').matches && !prefersReducedMotion()) {
      frame.addEventListener('mouseenter', play);
      frame.addEventListener('mouseleave', stop);
    }
  }
});

// Live Photos: a photo whose link has data-live (the clip the phone took with it) plays
// that clip in place over the still, muted, inline and without controls, and shows the
// still again when it ends. The Live button plays it on the photo page and in the
// lightbox; on a desktop, hovering the photo page's picture plays it too (unless the
// viewer asked for less motion). Without this script the photo page links to the clip.
feature('live photo', () => {
  // Plays a clip over `box`, from its start each time; the video is in the page only while it plays.
  const player = box => {
    const video = document.createElement('video');
    video.className = 'live-video';
    video.muted = video.playsInline = true;
    const stop = () => {
      video.pause();
      video.remove();
    };
    video.onended = stop;
    return {
      stop,
      play(src) {
        if (video.getAttribute('src') !== src) video.src = src;
        video.currentTime = 0;
        box.append(video);
        video.play().catch(stop);
      }
    };
  };
  const page = find('.live-photo'), link = page && find('[data-live]', page);
  if (link) {
    const live = player(page), button = find('.live-button', page), play = () => live.play(link.dataset.live);
    button.hidden = false;
    button.addEventListener('click', play);
    if (matchMedia('(hover: hover)').matches && !prefersReducedMotion()) {
      page.addEventListener('mouseenter', play);
      page.addEventListener('mouseleave', live.stop);
    }
  }
  listen('lightbox-build', viewer => {
    const button = find('.lb-live', viewer.element), live = player(viewer.frame);
    if (!button) return;
    let src;
    button.addEventListener('click', () => live.play(src));
    listen('lightbox-show', link => {
      live.stop();
      src = link.dataset.live;
      button.hidden = !src;
    });
    listen('lightbox-close', live.stop);
  });
});

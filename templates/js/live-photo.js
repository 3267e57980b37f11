// Live Photos: a photo whose link has data-live (the clip the phone took with it) plays
// that clip in place over the still, muted, inline and without controls, and shows the
// still again when it ends. The Live button plays it on a page that shows it large (a
// photo's page, each of a breed's photos) and in the lightbox; on a desktop, hovering
// such a picture plays it too (unless the viewer asked for less motion). Without this
// script the page links to the clip.
feature('live photo', () => {
  // Plays a clip over `box`, from its start each time; the video is in the page only while
  // it plays. With `still`, an image inside `box`, the video covers just that image (a
  // breed's photo is centred in a taller frame).
  const player = (box, still) => {
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
        if (still) {
          const outer = box.getBoundingClientRect(), inner = still.getBoundingClientRect();
          Object.assign(video.style, {
            left: inner.left - outer.left - box.clientLeft + 'px', top: inner.top - outer.top - box.clientTop + 'px',
            width: inner.width + 'px', height: inner.height + 'px'
          });
        }
        video.currentTime = 0;
        box.append(video);
        video.play().catch(stop);
      }
    };
  };
  for (const frame of findAll('.live-photo')) {
    const link = find('[data-live]', frame), button = find('.live-button', frame);
    if (!link || !button) continue;
    // A photo's page sizes its frame to the picture; a breed's frame is the list entry.
    const live = frame.matches('.breed-photo') ? player(frame, find('img', link)) : player(frame);
    const play = () => live.play(link.dataset.live);
    button.hidden = false;
    button.addEventListener('click', play);
    if (matchMedia('(hover: hover)').matches && !prefersReducedMotion()) {
      frame.addEventListener('mouseenter', play);
      frame.addEventListener('mouseleave', live.stop);
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

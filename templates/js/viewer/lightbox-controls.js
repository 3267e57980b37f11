// Lightbox controls, attached when lightbox.js builds its viewer: drag to pan (or swipe
// at scale 1 to browse or close), pinch, tap to close, double-tap or wheel to zoom, and
// the keyboard (arrows, + - 0, Escape; Tab stays inside the viewer). A key that another
// part has handled (the filmstrip's arrows) is left alone.
feature('lightbox controls', () => listen('lightbox-build', viewer => {
  const element = viewer.element, pointers = new Map();
  const isBusy = () => !viewer.isOpen || viewer.closing;
  const isZoomed = () => viewer.scale > 1.01;
  // The gesture under way: a pinch, or one pointer's drag that `moved` past a tap.
  let gesture = null, lastTap = null, tapTimer;
  const pinchOf = () => {
    const [first, second] = [...pointers.values()];
    return { distance: Math.hypot(first.x - second.x, first.y - second.y), x: (first.x + second.x) / 2, y: (first.y + second.y) / 2 };
  };
  // Starts a gesture from the pointers now down: two or more pinch, one drags.
  const begin = () => {
    viewer.frame.style.transition = '';
    const [pointer] = pointers.values(), fitted = viewer.fitted;
    if (pointers.size > 1) {
      const pinch = pinchOf();
      gesture = { pinch: true, distance: pinch.distance, scale: viewer.scale, moved: true,
        photoX: (pinch.x - fitted.x - viewer.x) / viewer.scale, photoY: (pinch.y - fitted.y - viewer.y) / viewer.scale };
    } else {
      gesture = { x: pointer.x, y: pointer.y, startX: viewer.x, startY: viewer.y, time: Date.now(), moved: gesture && gesture.moved };
    }
  };
  element.addEventListener('pointerdown', event => {
    if (event.target.closest('button, a, video, .lb-cap, .lb-strip') || isBusy() || event.button > 0) return;
    element.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture = null;
    begin();
  });
  element.addEventListener('pointermove', event => {
    if (!pointers.has(event.pointerId) || !gesture) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const fitted = viewer.fitted;
    if (gesture.pinch) {
      const pinch = pinchOf(), scale = viewer.scale = Math.min(viewer.maxScale() * 1.2, Math.max(.6, gesture.scale * pinch.distance / gesture.distance));
      viewer.x = pinch.x - fitted.x - gesture.photoX * scale;
      viewer.y = pinch.y - fitted.y - gesture.photoY * scale;
      if (scale >= 1) viewer.clamp();
      return viewer.render();
    }
    const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
    if (!gesture.moved && Math.abs(dx) + Math.abs(dy) < 8) return;
    gesture.moved = true;
    if (isZoomed()) {
      viewer.x = gesture.startX + dx;
      viewer.y = gesture.startY + dy;
      viewer.clamp();
      return viewer.render();
    }
    // At scale 1 a drag follows one axis: sideways browses, up or down closes.
    gesture.axis = gesture.axis || (Math.abs(dx) > Math.abs(dy) ? 'x' : 'y');
    viewer.x = gesture.axis === 'x' ? dx : 0;
    viewer.y = gesture.axis === 'y' ? dy : 0;
    viewer.backdrop.style.opacity = 1 - Math.min(Math.abs(viewer.y) / 400, .7);
    viewer.render();
  });
  const onTap = (x, y) => {
    const now = Date.now();
    clearTimeout(tapTimer);
    if (lastTap && now - lastTap.time < 300 && Math.hypot(x - lastTap.x, y - lastTap.y) < 30) {
      lastTap = null;
      return viewer.zoom(isZoomed() ? 1 : Math.min(2.5, viewer.maxScale()), x, y, true);
    }
    lastTap = { time: now, x, y };
    // A single tap closes, once it has not become a double tap.
    tapTimer = setTimeout(() => {
      lastTap = null;
      if (!isZoomed()) viewer.close();
    }, 300);
  };
  const end = event => {
    if (!pointers.delete(event.pointerId) || !gesture) return;
    if (gesture.pinch) {
      if (viewer.scale < 1) {
        viewer.scale = 1;
        viewer.clamp();
        viewer.render(true);
      } else {
        viewer.zoom(viewer.scale, innerWidth / 2, innerHeight / 2);
      }
      return pointers.size && begin();
    }
    if (pointers.size) return begin();
    const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y, fast = Date.now() - gesture.time < 300, ended = gesture;
    gesture = null;
    if (!ended.moved) return event.type === 'pointerup' && onTap(event.clientX, event.clientY);
    if (isZoomed()) return;
    viewer.backdrop.style.opacity = '';
    const far = (distance, limit) => Math.abs(distance) > limit || (fast && Math.abs(distance) > 40);
    if (ended.axis === 'x' && far(dx, innerWidth / 4) && viewer.go(dx < 0 ? 1 : -1, dx)) return;
    if (ended.axis === 'y' && far(dy, 120)) return viewer.close();
    viewer.x = viewer.y = 0;
    viewer.render(true);
  };
  element.addEventListener('pointerup', end);
  element.addEventListener('pointercancel', end);
  element.addEventListener('wheel', event => {
    event.preventDefault();
    // Pinching on a touchpad sends the wheel with ctrlKey, in finer steps.
    const speed = (event.deltaMode ? 16 : 1) * (event.ctrlKey ? .01 : .002);
    if (!viewer.closing) viewer.zoom(viewer.scale * Math.exp(-event.deltaY * speed), event.clientX, event.clientY);
  }, { passive: false });
  document.addEventListener('keydown', event => {
    if (isBusy() || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key, centreX = innerWidth / 2, centreY = innerHeight / 2;
    if (key === 'Escape') viewer.close();
    else if (key === 'ArrowLeft' || key === 'ArrowRight') viewer.go(key === 'ArrowLeft' ? -1 : 1);
    else if (key === '+' || key === '=') viewer.zoom(viewer.scale * 1.5, centreX, centreY, true);
    else if (key === '-' || key === '_') viewer.zoom(viewer.scale / 1.5, centreX, centreY, true);
    else if (key === '0') viewer.zoom(1, centreX, centreY, true);
    else if (key === 'Tab') {
      // Every control on screen that Tab should reach (the filmstrip is one stop).
      const buttons = findAll('button, a[href]', element).filter(button => button.offsetParent && button.tabIndex >= 0);
      const at = buttons.indexOf(document.activeElement);
      buttons[at < 0 ? 0 : (at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length].focus();
    } else return;
    event.preventDefault();
  });
  addEventListener('resize', () => {
    if (!isBusy()) viewer.layout();
  });
}));

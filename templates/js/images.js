// Images: drop the placeholder colour once loaded; frame remote photos that fail.
feature('images', () => {
  const markLoaded = image => {
    image.dataset.ph = image.style.backgroundColor;
    image.style.backgroundColor = '';
    image.classList.add('loaded');
  };
  const markBroken = image => {
    if (!image.matches('.remote')) return;
    if (image.alt) {
      image.style.visibility = 'hidden';
      image.parentNode.classList.add('broken');
    } else {
      image.outerHTML = `<span class="remote placeholder"><svg class="icon" aria-hidden="true"><use href="${siteRoot}assets/icons.svg#paw"></use></svg></span>`;
    }
  };
  for (const image of findAll('img')) {
    if (image.complete && image.naturalWidth) markLoaded(image);
    else if (image.complete && image.currentSrc) markBroken(image);
    else {
      image.classList.add('fade');
      image.addEventListener('load', () => markLoaded(image), { once: true });
    }
  }
  document.addEventListener('error', event => {
    if (event.target.tagName === 'IMG') markBroken(event.target);
  }, true);
});

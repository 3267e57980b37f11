// Clips on the saved page: favourites.js draws a saved clip's link without its video
// (site.js is at its size budget), so each link drawn is given the video saved with it
// here, as the viewer loads and whenever the list is drawn again. The viewer's other
// parts then play it as on the clip's album: over its poster, with the browser's controls.
feature('saved clips', () => {
  const list = find('.saved-photos');
  if (!list) return;
  const giveVideos = () => {
    for (const photo of storage.get('cg-saved', {}).photos || []) {
      const link = find(`a[data-id="${CSS.escape(photo.id)}"]`, list);
      if (link && photo.video) link.dataset.video = siteRoot + photo.video;
    }
  };
  giveVideos();
  new MutationObserver(giveVideos).observe(list, { childList: true });
});

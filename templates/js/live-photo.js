// Live Photos shown large on a page (a photo's page, a breed's photos): their Live
// button and hover are assets/live.js (js/live/), loaded only on a page that has one, so
// every other page pays nothing for them. Without it the page links to the clip.
feature('live photo', () => {
  if (!find('.live-photo [data-live]')) return;
  const script = document.createElement('script');
  script.src = siteRoot + 'assets/live.js';
  document.head.append(script);
});

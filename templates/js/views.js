// Parks and albums: list or grid without reloading, remembered; #list and #grid work without JS.
// Both views are the one list of items, drawn as a grid while its .view container has is-grid.
feature('views', () => {
  const tabs = findAll('.view-tab');
  if (!tabs.length) return;
  const show = view => {
    // The squares' sizes follow the view (the .view's data-list and data-grid):
    // a list row takes the small copy, a grid tile one as wide as it is shown.
    for (const box of findAll('.view')) {
      box.classList.toggle('is-grid', view === 'grid');
      for (const el of findAll('[sizes]', box)) el.sizes = box.dataset[view];
    }
    for (const tab of tabs) tab.dataset.view === view ? tab.setAttribute('aria-current', 'true') : tab.removeAttribute('aria-current');
  };
  // A photo page links back to its section on the list: #list-<section>.
  const named = () => {
    const hash = location.hash.slice(1);
    return hash === 'grid' || hash === 'list' ? hash : hash.startsWith('list-') ? 'list' : null;
  };
  // An album's page opens as a grid, the parks list as a list, until the reader picks one.
  const initial = tabs[0].parentNode.dataset.initial || 'list';
  show(named() || storage.get('cg-view', initial));
  // A link or Back within the page (any other hash, the lightbox's, is left alone).
  addEventListener('hashchange', () => named() && show(named()));
  for (const tab of tabs) {
    tab.addEventListener('click', event => {
      event.preventDefault();
      show(tab.dataset.view);
      storage.set('cg-view', tab.dataset.view);
      history.replaceState(history.state, '', '#' + tab.dataset.view);
    });
  }
});

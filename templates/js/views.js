// Parks and albums: list or grid without reloading, remembered; #list and #grid work without JS.
// Both views are the one list of items, drawn as a grid while its .view container has is-grid.
feature('views', () => {
  const tabs = findAll('.view-tab');
  if (!tabs.length) return;
  const show = view => {
    for (const box of findAll('.view')) box.classList.toggle('is-grid', view === 'grid');
    for (const tab of tabs) {
      if (tab.dataset.view === view) tab.setAttribute('aria-current', 'true');
      else tab.removeAttribute('aria-current');
    }
  };
  const hash = location.hash.slice(1);
  // A photo page links back to its section on the list: #list-<section>.
  // An album's page opens as a grid, the parks list as a list, until the reader picks one.
  const initial = tabs[0].parentNode.dataset.initial || 'list';
  show(hash === 'grid' || hash === 'list' ? hash : hash.startsWith('list-') ? 'list' : storage.get('cg-view', initial));
  for (const tab of tabs) {
    tab.addEventListener('click', event => {
      event.preventDefault();
      show(tab.dataset.view);
      storage.set('cg-view', tab.dataset.view);
      history.replaceState(history.state, '', '#' + tab.dataset.view);
    });
  }
});

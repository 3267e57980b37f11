// The filter of a paged list (an album's items, the breeds, cats or facts) searches
// the whole list, not only the page shown: its words go through the site's index
// (index.js), whose entries for the list are consecutive, so the build names them by
// numbers (data-entries) and this page's share of them (data-here, the page's items in
// order). Matches on this page are shown in place; those on other pages are listed
// below the box, with their thumbnails, linking to their own pages. site.js filters
// the page at once as it does an unpaged list, and loads this when the box is first used.
const LISTED = 24;

feature('list filter', () => {
  const box = find('.search[data-entries]');
  if (!box || box.dataset.ready) return;
  box.dataset.ready = 'true';
  const input = find('input', box), counter = find('.count', box), noMatches = find('.no-matches');
  const [first, end] = box.dataset.entries.split(' ').map(Number);
  const [here, after] = box.dataset.here.split(' ').map(Number);
  // An album's items; else the list's own rows (an album's first page may also have
  // cards of its child albums, which site.js filters).
  const items = findAll('.items > li');
  const rows = items.length ? items : findAll('.filterable > [data-search]');
  const others = document.createElement('ul');
  others.className = 'search-list list-matches';
  others.style.margin = '0 0 1rem';
  (noMatches || box).after(others);
  let asked = 0, typing;

  const run = async () => {
    const query = input.value, ticket = ++asked;
    let matches = [], away = [], shown = [];
    if (termsOf(query).length) {
      try {
        await retrying(async () => {
          matches = (await search(query)).filter(entry => entry >= first && entry < end);
          // The other pages' matches in the list's order, as its pages show them.
          away = matches.filter(entry => entry < here || entry >= after).sort((a, b) => a - b);
          shown = await details(away.slice(0, LISTED));
        });
      } catch {
        if (ticket === asked) counter.textContent = 'Search is unavailable';
        return;
      }
    }
    if (ticket !== asked) return;
    // The page's rows are its entries in order; if they are not (a theme's own
    // template), site.js's filter of the page stands.
    if (rows.length === after - here) {
      const found = new Set(matches);
      rows.forEach((row, index) => (row.hidden = query.trim() !== '' && !found.has(here + index)));
    }
    others.innerHTML = shown.map(resultLink).join('');
    const count = matches.length;
    if (noMatches) noMatches.hidden = count > 0 || !query.trim();
    counter.textContent = !query.trim() ? ''
      : !count ? 'No matches'
        : `${count} match${count > 1 ? 'es' : ''} in this ${box.dataset.scope}` +
          (away.length ? `, ${away.length} on other pages` + (away.length > shown.length ? `, ${shown.length} listed` : '') : '');
  };
  // A query runs once typing pauses, as in the header's box.
  input.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(run, 120);
  });
  if (input.value.trim()) run();
});

// Search: the filter on list pages (categories, breeds, cats, facts, a paged album)
// narrows the list as you type; the box in every header searches the whole site
// (assets/search.js).
feature('search', () => {
  const filterBox = find('.search'), siteBox = find('.site-search');
  if (!filterBox && !siteBox) return;
  const normalize = text => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const wordsOf = text => normalize(text).split(/\s+/).filter(Boolean);
  // Runs `action` once calls have paused for `delay` ms: counts are read out after typing.
  const debounce = (action, delay) => {
    let timer;
    return () => {
      clearTimeout(timer);
      timer = setTimeout(action, delay);
    };
  };

  // A search field: Cancel shows while it is in use; Escape or Cancel empties and leaves it.
  const searchField = (box, run) => {
    const input = find('input', box), cancel = find('.clear', box);
    const showCancel = () => {
      cancel.hidden = !input.value && document.activeElement !== input;
    };
    const reset = () => {
      input.value = '';
      input.dispatchEvent(new Event('input'));
      input.blur();
      cancel.hidden = true;
    };
    box.hidden = false;
    input.addEventListener('input', () => {
      showCancel();
      run();
    });
    input.addEventListener('focus', showCancel);
    input.addEventListener('blur', () => setTimeout(showCancel, 150));
    input.addEventListener('keydown', event => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      reset();
    });
    cancel.addEventListener('click', reset);
    return input;
  };

  // assets/search.js: the site search's code and a paged list's filter (its list-filter.js).
  let script;
  const load = () => {
    if (script) return;
    script = document.createElement('script');
    script.src = siteRoot + 'assets/search.js';
    document.head.append(script);
  };

  // The filter of a paged list searches the whole list through the index (data-entries):
  // this filters the page at once, and search.js says what the whole list holds.
  if (filterBox) {
    const paged = filterBox.dataset.entries;
    const counter = find('.count', filterBox), noMatches = find('.no-matches');
    const items = findAll('.filterable > [data-search]');
    const haystacks = items.map(item => normalize(item.dataset.search + ' ' + item.textContent));
    let shown = 0, words = [];
    const readOut = debounce(() => {
      counter.textContent = !words.length ? '' : shown ? `${shown} of ${items.length} shown` : 'No matches';
    }, 300);
    const run = () => {
      words = wordsOf(input.value);
      shown = 0;
      items.forEach((item, index) => {
        item.hidden = !words.every(word => haystacks[index].includes(word));
        shown += !item.hidden;
      });
      if (paged) return load();
      if (noMatches) noMatches.hidden = shown > 0;
      readOut();
    };
    const input = searchField(filterBox, run);
    if (paged) input.addEventListener('focus', load);
    // "See all" in the home page's results carries the query here as ?q=.
    input.value = new URLSearchParams(location.search).get('q') || '';
    if (input.value) run();
  }

  // The site search in every header: its code (assets/search.js) loads the first time
  // the box is used, so a page that is only looked at pays nothing for it. `/` focuses it.
  if (siteBox) {
    const input = find('input', siteBox);
    input.addEventListener('focus', load);
    input.addEventListener('input', load);
    // The search page runs its query at once; its box is the header's.
    if (document.body.dataset.kind === 'search') load();
    document.addEventListener('keydown', event => {
      const target = event.target;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || target.isContentEditable ||
        /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      event.preventDefault();
      input.focus();
    });
  }
});

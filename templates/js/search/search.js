// The header's search box, a combobox over the index (index.js), and the search page.
feature('site search', () => {
  const box = find('.site-search');
  if (!box || box.dataset.ready) return;
  box.dataset.ready = 'true';
  const input = box.querySelector('input'), list = box.querySelector('.site-results');
  const cancel = box.querySelector('.clear'), counter = box.querySelector('.count');
  // Cancel shows while the box is in use; .held tells the phone's header (site.css)
  // without :has(), which the HTML checker's CSS grammar cannot read.
  const held = on => box.classList.toggle('held', !(cancel.hidden = !on));
  // The ARIA 1.1 combobox: the field's box owns the text input and the list (the
  // pattern axe-core 3 checks and every screen reader knows); the keyboard still
  // shows a search key.
  const combobox = input.parentElement;
  input.type = 'text';
  input.enterKeyHint = 'search';
  combobox.setAttribute('role', 'combobox');
  combobox.setAttribute('aria-haspopup', 'listbox');
  combobox.setAttribute('aria-owns', list.id);
  combobox.setAttribute('aria-controls', list.id);
  combobox.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  let active = -1, asked = 0, readOut;

  const options = () => [...list.querySelectorAll('[data-href]')];
  const show = open => {
    list.hidden = !open;
    combobox.setAttribute('aria-expanded', String(open));
  };
  // choose() selects nothing, choose(-1) the last option (Up from nothing). Enter opens
  // the option selected; with none, the form goes to the search page.
  const choose = index => {
    const all = options();
    active = all.length && index != null ? (index + all.length) % all.length : -1;
    all.forEach((option, number) => option.setAttribute('aria-selected', String(number === active)));
    if (active < 0) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', all[active].id);
      all[active].scrollIntoView({ block: 'nearest' });
    }
  };
  const say = text => {
    clearTimeout(readOut);
    readOut = setTimeout(() => (counter.textContent = text), 300);
  };
  const run = async () => {
    const query = input.value.trim(), ticket = ++asked;
    if (!termsOf(query).length) {
      list.innerHTML = '';
      show(false);
      choose();
      say('');
      return;
    }
    let rows, total;
    try {
      [rows, total] = await retrying(async () => {
        const entries = await search(query);
        return [await details(entries.slice(0, SHOWN)), entries.length];
      });
    } catch {
      rows = null;
    }
    if (ticket !== asked) return;
    const all = `${base}?q=${encodeURIComponent(query)}`;
    list.innerHTML = !rows ? '<li role="option" aria-disabled="true" class="result-none">Search is unavailable</li>'
      : !total ? '<li role="option" aria-disabled="true" class="result-none">No matches</li>'
        : rows.map((row, index) =>
          `<li role="option" id="site-result-${index}" aria-selected="false" data-href="${escapeHTML(row.url)}">${resultHTML(row)}</li>`).join('') +
          (total > rows.length ? `<li role="option" id="site-result-all" aria-selected="false" class="result-all" data-href="${escapeHTML(all)}">See all ${total} results</li>` : '');
    show(true);
    choose();
    say(!rows ? 'Search is unavailable' : total ? `${total} result${total > 1 ? 's' : ''}` : 'No matches');
  };
  const reset = () => {
    input.value = '';
    run();
    input.blur();
    held(false);
  };
  const open = option => {
    if (option) location.href = option.dataset.href;
  };

  // Loaded by a list's filter (list-filter.js), the box may not be in use yet.
  held(document.activeElement === input || !!input.value);
  // A query runs once typing pauses, so a word typed letter by letter does not fetch
  // the chunks of each of its beginnings.
  let typing;
  input.addEventListener('input', () => {
    held(true);
    clearTimeout(typing);
    typing = setTimeout(run, 120);
  });
  input.addEventListener('focus', () => {
    held(true);
    if (list.children.length) show(true);
  });
  input.addEventListener('blur', () => setTimeout(() => {
    if (document.activeElement === input) return;
    show(false);
    held(!!input.value);
  }, 150));
  input.addEventListener('keydown', event => {
    const moves = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves && !list.hidden) {
      event.preventDefault();
      choose(active < 0 && moves[event.key] < 0 ? -1 : active + moves[event.key]);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      open(options()[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      reset();
    }
  });
  // A press on a result keeps the focus in the box, so the list stays until it opens.
  list.addEventListener('mousedown', event => event.preventDefault());
  list.addEventListener('click', event => open(event.target.closest('[data-href]')));
  cancel.addEventListener('click', reset);
  if (document.activeElement === input || input.value) run();

  // The search page: every result of ?q=, a page of them at a time, as links.
  const page = find('.search-page');
  const query = new URLSearchParams(location.search).get('q') || '';
  if (page && query.trim()) {
    input.value = query;
    held(true);
    const summary = page.querySelector('.search-summary'), results = page.querySelector('.search-list');
    const more = page.querySelector('.search-more');
    retrying(() => search(query)).then(entries => {
      let shown = 0;
      const next = async () => {
        const rows = await retrying(() => details(entries.slice(shown, shown + PAGE)));
        results.insertAdjacentHTML('beforeend',
          rows.map(resultLink).join(''));
        shown += rows.length;
        more.hidden = shown >= entries.length;
        summary.textContent = entries.length
          ? `${entries.length} result${entries.length > 1 ? 's' : ''} for “${query.trim()}”` + (more.hidden ? '' : `, ${shown} shown`)
          : `No matches for “${query.trim()}”`;
      };
      more.addEventListener('click', next);
      return next();
    }).catch(() => (summary.textContent = 'Search is unavailable'));
  }
});

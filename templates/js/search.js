// Search: the filter on list pages (categories, breeds, cats, facts) narrows the list as
// you type; the box on the home page searches the whole site from search.json.
feature('search', () => {
  const filterBox = find('.search'), siteBox = find('.site-search');
  if (!filterBox && !siteBox) return;
  const escapeHTML = text => String(text).replace(/[&<>"']/g, char => '&#' + char.charCodeAt(0) + ';');
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
      run();
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

  if (filterBox) {
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
      if (noMatches) noMatches.hidden = shown > 0;
      readOut();
    };
    const input = searchField(filterBox, run);
    // "See all" in the home page's results carries the query here as ?q=.
    input.value = new URLSearchParams(location.search).get('q') || '';
    if (input.value) run();
  }

  if (siteBox) {
    const results = find('.site-results'), counter = find('.count', siteBox);
    const groupNames = { Album: 'Albums', Photo: 'Photos', Category: 'Categories', Breed: 'Breeds', Cat: 'Cats', Fact: 'Facts' };
    // Photos and albums have no one page that lists them all to filter: their groups show the first six, with no "See all".
    const listed = kind => kind !== 'Photo' && kind !== 'Album';
    let index, total = 0;
    const load = () => index || (index = fetch(siteRoot + 'search.json')
      .then(response => response.json())
      .then(entries => entries.map(entry => Object.assign(entry, { titleWords: normalize(entry.title), allWords: normalize(entry.title + ' ' + entry.text) })))
      .catch(() => {
        index = null;
        return [];
      }));
    const readOut = debounce(() => {
      counter.textContent = !input.value.trim() ? '' : total ? `${total} result${total > 1 ? 's' : ''}` : 'No matches';
    }, 300);
    const groupHTML = (kind, entries, query) => {
      const name = groupNames[kind] || kind, cut = listed(kind) && entries.length > 6;
      const rows = entries.slice(0, cut ? 5 : 6).map(entry => {
        const [title, detail] = entry.kind === 'Fact' ? [entry.text, entry.title] : [entry.title, entry.text];
        return `<li><a href="${escapeHTML(siteRoot + entry.url)}">${escapeHTML(title)}<span>${escapeHTML(detail)}</span></a></li>`;
      });
      if (cut) rows.push(`<li class="more"><a href="${escapeHTML(siteRoot + name.toLowerCase())}/?q=${encodeURIComponent(query)}">See all ${entries.length} ${escapeHTML(name.toLowerCase())}</a></li>`);
      return `<section><h2>${escapeHTML(name)} <span class="count">${entries.length}</span></h2><ul>${rows.join('')}</ul></section>`;
    };
    const run = async () => {
      const query = input.value.trim(), words = wordsOf(query), groups = {};
      const matches = words.length ? (await load()).filter(entry => words.every(word => entry.allWords.includes(word))) : [];
      // A later keystroke has run its own search meanwhile.
      if (query !== input.value.trim()) return;
      const first = words[0];
      matches.sort((a, b) => b.titleWords.startsWith(first) - a.titleWords.startsWith(first) || b.titleWords.includes(first) - a.titleWords.includes(first));
      matches.forEach(entry => (groups[entry.kind] = groups[entry.kind] || []).push(entry));
      total = matches.length;
      results.innerHTML = Object.keys(groups).map(kind => groupHTML(kind, groups[kind], query)).join('');
      readOut();
    };
    const input = searchField(siteBox, run);
    input.addEventListener('focus', load);
    siteBox.addEventListener('submit', event => {
      event.preventDefault();
      const firstResult = find('a', results);
      if (firstResult) location.href = firstResult.href;
    });
  }
});

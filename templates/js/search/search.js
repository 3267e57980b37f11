/* Site search: site.js (js/search.js) loads this, assets/search.js, the first time the
   header's search box is used; it runs with core.js's helpers like the viewer's parts.

   The index lives in search/ (written by Sources/GalleryCore/Render/Search/): index.json
   names the chunks, each by the shortest prefix that starts it, and versions the
   fragments. A query folds its words as the build folded the text, fetches only the
   chunks whose terms can start with a word, keeps the entries every word finds (the
   last word, like every word, matches as a prefix), ranks them, then fetches the
   fragments of the few results shown. Chunks and fragments are named by their
   content, so once fetched they never change; the manifest is asked for anew. */

const base = siteRoot + 'search/';
const SHOWN = 6, PAGE = 20;

// As SearchTerms.swift folds: NFKD, no marks, lower case (twice), split at non-letters.
const fold = text => {
  const bare = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return bare.normalize('NFKD').replace(/\p{M}/gu, '');
};
const termsOf = text =>
  [...new Set(fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(word => [...word].slice(0, 40).join('')))];
const escapeHTML = text => String(text).replace(/[&<>"']/g, char => '&#' + char.charCodeAt(0) + ';');

// PostingCode.swift: base-32 digits, the upper 32 characters say more digits follow.
const DIGITS = '0123456789abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZwxyz-_';
const digitOf = new Int8Array(128).fill(-1);
[...DIGITS].forEach((char, index) => (digitOf[char.charCodeAt(0)] = index));
const decode = (code, each) => {
  let value = 0, entry = -1;
  for (let index = 0; index < code.length; index++) {
    const digit = digitOf[code.charCodeAt(index)];
    value = value * 32 + (digit & 31);
    if (digit < 32) {
      entry += Math.floor(value / 8) + 1;
      each(entry, value % 8);
      value = 0;
    }
  }
};

let manifest = null;
const files = new Map();
const json = (url, options) => fetch(url, options).then(response => {
  if (!response.ok) throw new Error(url + ': ' + response.status);
  return response.json();
});
const loadManifest = () => manifest || (manifest = json(base + 'index.json', { cache: 'no-cache' }));
const file = name => {
  if (!files.has(name)) files.set(name, json(base + name));
  return files.get(name);
};

// Chunk i holds the terms from its prefix up to the next chunk's: those a word can
// start (or, for a whole word, the one that can hold it).
const chunksFor = (chunks, word, prefix) => chunks.filter(([first], index) =>
  (first <= word || (prefix && first.startsWith(word))) && (index + 1 === chunks.length || chunks[index + 1][0] > word));

// Entry → its best match of `word`: exact before prefix, in the title before elsewhere.
// A single letter matches only itself: as a prefix it would fetch a good part of the index.
const lookup = async (index, word) => {
  const found = new Map(), prefix = [...word].length > 1;
  const chunks = await Promise.all(chunksFor(index.chunks, word, prefix).map(([, name]) => file(name)));
  for (const chunk of chunks) {
    for (const term in chunk) {
      if (prefix ? !term.startsWith(word) : term !== word) continue;
      const exact = term === word;
      decode(chunk[term], (entry, title) => {
        const score = (exact ? 2 : 0) + (title ? 1 : 0), seen = found.get(entry);
        if (!seen || score > seen.score) found.set(entry, { score, exact, title });
      });
    }
  }
  return found;
};

// The entries every word finds, best first: an exact name (every word a whole word
// of a title of that many words), then more words in the title, whole words, shorter
// titles, and the site's own order.
const search = async query => {
  const words = termsOf(query);
  if (!words.length) return [];
  const index = await loadManifest();
  const found = await Promise.all(words.map(word => lookup(index, word)));
  const smallest = found.reduce((a, b) => (a.size <= b.size ? a : b));
  const ranked = [];
  for (const entry of smallest.keys()) {
    const hits = found.map(map => map.get(entry));
    if (hits.some(hit => !hit)) continue;
    const inTitle = hits.filter(hit => hit.title).length, whole = hits.filter(hit => hit.exact).length;
    const name = hits.every(hit => hit.exact && hit.title === Math.min(words.length, 7));
    const length = Math.max(...hits.map(hit => hit.title)) || 8;
    ranked.push([name ? 0 : 1, -inTitle, -whole, length, entry]);
  }
  ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3] || a[4] - b[4]);
  return ranked.map(key => key[4]);
};

// What the results show: kind, title, where it lives, page and thumbnail, from the fragments.
const details = async entries => {
  const index = await loadManifest();
  const groups = [...new Set(entries.map(entry => Math.floor(entry / index.group)))];
  const loaded = new Map(await Promise.all(groups.map(async group =>
    [group, await file(`f${group}-${index.fragments.substr(group * 4, 4)}.json`)])));
  return entries.map(entry => {
    const [kind, title, place, url, thumb] = loaded.get(Math.floor(entry / index.group))[entry % index.group];
    return { kind, title, place, url: siteRoot + url, thumb: thumb && siteRoot + thumb };
  });
};

// A site rebuilt while the page was open has new chunk names: start over once.
const retrying = action => action().catch(() => {
  manifest = null;
  files.clear();
  return action();
});

const resultHTML = row =>
  (row.thumb ? `<img src="${escapeHTML(row.thumb)}" alt="" width="48" height="48" loading="lazy">` : '<span class="result-blank"></span>') +
  `<span class="result-text"><span class="result-title">${escapeHTML(row.title)}</span>` +
  `<span class="result-meta">${escapeHTML(row.kind)}${row.place ? ' · ' + escapeHTML(row.place) : ''}</span></span>`;

feature('site search', () => {
  const box = find('.site-search');
  if (!box || box.dataset.ready) return;
  box.dataset.ready = 'true';
  const input = box.querySelector('input'), list = box.querySelector('.site-results');
  const cancel = box.querySelector('.clear'), counter = box.querySelector('.count');
  // The ARIA 1.1 combobox: the field's box owns the text input and the list (the
  // pattern axe-core 3 checks and every screen reader knows); the keyboard still
  // shows a search key.
  const combobox = input.parentElement;
  input.type = 'text';
  input.enterKeyHint = 'search';
  combobox.setAttribute('role', 'combobox');
  combobox.setAttribute('aria-haspopup', 'listbox');
  combobox.setAttribute('aria-owns', list.id);
  combobox.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  let active = -1, asked = 0, readOut;

  const options = () => [...list.querySelectorAll('[data-href]')];
  const show = open => {
    list.hidden = !open;
    combobox.setAttribute('aria-expanded', String(open));
  };
  const choose = index => {
    const all = options();
    active = all.length ? (index + all.length) % all.length : -1;
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
      choose(-1);
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
    choose(-1);
    say(!rows ? 'Search is unavailable' : total ? `${total} result${total > 1 ? 's' : ''}` : 'No matches');
  };
  const reset = () => {
    input.value = '';
    run();
    input.blur();
    cancel.hidden = true;
  };
  const open = option => {
    if (option) location.href = option.dataset.href;
  };

  cancel.hidden = false;
  // A query runs once typing pauses, so a word typed letter by letter does not fetch
  // the chunks of each of its beginnings.
  let typing;
  input.addEventListener('input', () => {
    cancel.hidden = false;
    clearTimeout(typing);
    typing = setTimeout(run, 120);
  });
  input.addEventListener('focus', () => {
    cancel.hidden = false;
    if (list.children.length) show(true);
  });
  input.addEventListener('blur', () => setTimeout(() => {
    if (document.activeElement === input) return;
    show(false);
    cancel.hidden = !input.value;
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
    cancel.hidden = false;
    const summary = page.querySelector('.search-summary'), results = page.querySelector('.search-list');
    const more = page.querySelector('.search-more');
    retrying(() => search(query)).then(entries => {
      let shown = 0;
      const next = async () => {
        const rows = await retrying(() => details(entries.slice(shown, shown + PAGE)));
        results.insertAdjacentHTML('beforeend',
          rows.map(row => `<li><a href="${escapeHTML(row.url)}">${resultHTML(row)}</a></li>`).join(''));
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

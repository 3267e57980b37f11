/* Search's engine, the first part of assets/search.js, which site.js (js/search.js)
   loads the first time the header's search box or a paged list's filter is used; its
   parts run with core.js's helpers like the viewer's, and share what this one defines:
   search.js is the header's box and the search page, list-filter.js the filter of a
   paged list.

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

// A result without a photo shows its kind's icon, as the tab bar does.
const KIND_ICONS = { Fact: 'bulb', Breed: 'paw', Cat: 'cat', Album: 'grid', Photo: 'camera' };
const resultHTML = row =>
  (row.thumb ? `<img src="${escapeHTML(row.thumb)}" alt="" width="48" height="48" loading="lazy">`
    : `<span class="result-blank"><svg class="icon" aria-hidden="true"><use href="${siteRoot}assets/icons.svg#${KIND_ICONS[row.kind] || 'search'}"></use></svg></span>`) +
  `<span class="result-text"><span class="result-title">${escapeHTML(row.title)}</span>` +
  `<span class="result-meta">${escapeHTML(row.kind)}${row.place ? ' · ' + escapeHTML(row.place) : ''}</span></span>`;
// A result as a link, as the search page and a list's filter list them.
const resultLink = row => `<li><a href="${escapeHTML(row.url)}">${resultHTML(row)}</a></li>`;

/* catgallery theme: progressive enhancement, no dependencies. Without it every
   page still works; with it: lightbox, sections, list/grid, filters, favourites. */
(() => {
'use strict';
const d = document, root = d.documentElement, body = d.body, R = body.dataset.root || '';
const $ = (s, c = d) => c.querySelector(s), $$ = (s, c = d) => [...c.querySelectorAll(s)];
const BASE = new URL(R || './', location.href).href;
// A URL relative to the site root, as stored in favourites.
const rel = u => { const a = new URL(u, location.href).href.split('#')[0]; return a.startsWith(BASE) ? a.slice(BASE.length) : a; };
const relSet = (s, f = rel) => (s || '').split(',').filter(Boolean).map(c => { const [u, w] = c.trim().split(/\s+/); return f(u) + (w ? ' ' + w : ''); }).join(', ');
const esc = s => String(s).replace(/[&<>"']/g, c => '&#' + c.charCodeAt(0) + ';');
const icon = n => `<svg class="icon" aria-hidden="true"><use href="${R}assets/icons.svg#${n}"></use></svg>`;
const still = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const norm = s => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const words = s => norm(s).split(/\s+/).filter(Boolean);
const later = (f, ms) => { let t; return () => { clearTimeout(t); t = setTimeout(f, ms); }; };
const EASE = 'cubic-bezier(.2,.8,.2,1)';

// Storage that never throws; `ok` tells whether anything can be kept.
const store = {
  ok: (() => { try { localStorage.setItem('cg-test', 1); localStorage.removeItem('cg-test'); return true; } catch (e) { return false; } })(),
  get(k, v) { try { const s = localStorage.getItem(k); return s == null ? v : JSON.parse(s); } catch (e) { return v; } },
  set(k, v) { try { localStorage.setItem(k, JSON.stringify(v)); return true; } catch (e) { return false; } }
};

// Toast: a polite status message with an optional action such as Undo.
const toastEl = $('.toast');
let toastTimer;
function toast(msg, label, act) {
  const hide = () => toastEl.classList.remove('show'), wait = () => { clearTimeout(toastTimer); toastTimer = setTimeout(hide, label ? 8000 : 3500); };
  toastEl.innerHTML = `<span>${esc(msg)}</span>` + (label ? `<button type="button">${label}</button>` : '');
  if (label) $('button', toastEl).onclick = () => { act(); hide(); };
  toastEl.classList.add('show');
  toastEl.onmouseenter = toastEl.onfocusin = () => clearTimeout(toastTimer);
  toastEl.onmouseleave = toastEl.onfocusout = wait;
  wait();
}

// Theme toggle: follows the system until the reader picks a theme.
const tbtn = $('.theme-toggle'), dark = matchMedia('(prefers-color-scheme: dark)');
const setTheme = t => { if (t) root.dataset.theme = root.style.colorScheme = t; tbtn.setAttribute('aria-pressed', (root.dataset.theme || (dark.matches ? 'dark' : 'light')) === 'dark'); };
tbtn.hidden = false;
setTheme();
dark.addEventListener('change', () => setTheme());
tbtn.onclick = () => {
  const t = tbtn.getAttribute('aria-pressed') === 'true' ? 'light' : 'dark';
  setTheme(t);
  try { localStorage.setItem('cg-theme', t); } catch (e) { /* kept for this page only */ }
};

// Images: drop the placeholder colour once loaded; frame broken remote photos.
const loaded = i => { i.dataset.ph = i.style.backgroundColor; i.style.backgroundColor = ''; i.classList.add('loaded'); };
const broken = i => {
  if (!i.matches('.remote')) return;
  if (i.alt) { i.style.visibility = 'hidden'; i.parentNode.classList.add('broken'); } else i.outerHTML = `<span class="remote placeholder">${icon('paw')}</span>`;
};
$$('img').forEach(i => {
  if (i.complete && i.naturalWidth) loaded(i);
  else if (i.complete && i.currentSrc) broken(i);
  else { i.classList.add('fade'); i.addEventListener('load', () => loaded(i), { once: true }); }
});
d.addEventListener('error', e => { if (e.target.tagName === 'IMG') broken(e.target); }, true);

// A search field: Cancel shows while it is in use; Escape or Cancel empties and leaves it.
function field(box, run) {
  const input = $('input', box), clear = $('.clear', box);
  const sync = () => { clear.hidden = !input.value && d.activeElement !== input; };
  const reset = () => { input.value = ''; run(); input.blur(); clear.hidden = true; };
  box.hidden = false;
  input.addEventListener('input', () => { sync(); run(); });
  input.addEventListener('focus', sync);
  input.addEventListener('blur', () => setTimeout(sync, 150));
  input.addEventListener('keydown', e => { if (e.key === 'Escape') { e.preventDefault(); reset(); } });
  clear.onclick = reset;
  return input;
}

// Filter a list as you type (categories, breeds, cats, facts).
const search = $('.search');
if (search) {
  const count = $('.count', search), none = $('.no-matches'), items = $$('.filterable > [data-search]');
  const hay = items.map(i => norm(i.dataset.search + ' ' + i.textContent));
  let n = 0, q = [];
  const say = later(() => { count.textContent = q.length ? (n ? `${n} of ${items.length} shown` : 'No matches') : ''; }, 300);
  const run = () => {
    q = words(input.value);
    n = 0;
    items.forEach((el, i) => { el.hidden = !q.every(w => hay[i].includes(w)); n += !el.hidden; });
    none.hidden = n > 0;
    say();
  };
  const input = field(search, run);
  input.value = new URLSearchParams(location.search).get('q') || '';
  if (input.value) run();
}

// Home: search the whole site from search.json, results grouped by kind.
const site = $('.site-search');
if (site) {
  const out = $('.site-results'), count = $('.count', site);
  const names = { Photo: 'Photos', Category: 'Categories', Breed: 'Breeds', Cat: 'Cats', Fact: 'Facts' };
  let data, total = 0;
  const load = () => data || (data = fetch(R + 'search.json').then(r => r.json())
    .then(a => a.map(x => Object.assign(x, { t: norm(x.title), h: norm(x.title + ' ' + x.text) })))
    .catch(() => { data = null; return []; }));
  const say = later(() => { count.textContent = input.value.trim() ? (total ? `${total} result${total > 1 ? 's' : ''}` : 'No matches') : ''; }, 300);
  const run = async () => {
    const raw = input.value.trim(), q = words(raw), groups = {};
    const all = q.length ? (await load()).filter(x => q.every(w => x.h.includes(w))) : [];
    if (raw !== input.value.trim()) return;
    all.sort((a, b) => b.t.startsWith(q[0]) - a.t.startsWith(q[0]) || b.t.includes(q[0]) - a.t.includes(q[0]));
    all.forEach(x => (groups[x.kind] = groups[x.kind] || []).push(x));
    total = all.length;
    out.innerHTML = Object.keys(groups).map(k => {
      const g = groups[k], name = names[k] || k, cut = k !== 'Photo' && g.length > 6;
      return `<section><h2>${esc(name)} <span class="count">${g.length}</span></h2><ul>${g.slice(0, cut ? 5 : 6).map(x => {
        const [a, b] = x.kind === 'Fact' ? [x.text, x.title] : [x.title, x.text];
        return `<li><a href="${esc(R + x.url)}">${esc(a)}<span>${esc(b)}</span></a></li>`;
      }).join('')}${cut ? `<li class="more"><a href="${esc(R + name.toLowerCase())}/?q=${encodeURIComponent(raw)}">See all ${g.length} ${esc(name.toLowerCase())}</a></li>` : ''}</ul></section>`;
    }).join('');
    say();
  };
  const input = field(site, run);
  input.addEventListener('focus', load);
  site.onsubmit = e => { e.preventDefault(); const a = $('a', out); if (a) location.href = a.href; };
}

// Parks: list or grid without reloading, remembered; #list and #grid work without JS.
const tabs = $$('.view-tab');
if (tabs.length) {
  const view = v => { body.dataset.view = v; tabs.forEach(t => t[t.dataset.view === v ? 'setAttribute' : 'removeAttribute']('aria-current', 'true')); };
  const h = location.hash.slice(1);
  // A photo page links back to its section on the list: #list-<section>.
  view(h === 'grid' || h === 'list' ? h : h.startsWith('list-') ? 'list' : store.get('cg-view', 'list'));
  tabs.forEach(t => t.addEventListener('click', e => {
    e.preventDefault();
    view(t.dataset.view);
    store.set('cg-view', t.dataset.view);
    history.replaceState(history.state, '', '#' + t.dataset.view);
  }));
}

// Collapsible sections that animate their height, remembered per page.
const secs = $$('details.section');
if (secs.length) {
  const key = 'cg-sections:' + location.pathname, shut = store.get(key, []);
  const save = () => store.set(key, secs.filter(s => s.classList.contains('is-closed')).map(s => s.id));
  const toggle = (s, open) => {
    const box = $('.section-body', s), from = s.open ? box.getBoundingClientRect().height : 0;
    if (s.anim) s.anim.cancel();
    s.classList.toggle('is-closed', !open);
    s.open = true;
    if (still()) { s.open = open; return; }
    s.anim = box.animate({ height: [from + 'px', (open ? box.scrollHeight : 0) + 'px'] }, { duration: 200 + Math.min(box.scrollHeight, 900) / 6, easing: EASE });
    s.anim.onfinish = () => { s.open = open; s.anim = null; };
  };
  secs.forEach(s => {
    if (shut.includes(s.id) && location.hash !== '#' + s.id) { s.open = false; s.classList.add('is-closed'); }
    $('summary', s).addEventListener('click', e => { e.preventDefault(); toggle(s, s.classList.contains('is-closed')); save(); });
  });
  const tools = $('.section-tools');
  tools.hidden = false;
  tools.onclick = e => { const b = e.target.closest('button'); if (b) { secs.forEach(s => toggle(s, !b.dataset.collapse)); save(); } };
}

// Breeds with several photos: "Another photo" cycles through them in place.
$$('.breed-photos.many').forEach(box => {
  const figs = $$('.breed-photo', box), count = $('.photo-count', box);
  let i = 0;
  const show = n => {
    figs[i].classList.remove('current');
    figs[i = n].classList.add('current');
    count.textContent = `Photo ${i + 1} of ${figs.length}`;
  };
  box.classList.add('cycling');
  $('.photo-tools', box).hidden = false;
  show(0);
  $('.another-photo', box).onclick = () => show((i + 1) % figs.length);
});

// Favourites: photos and facts in localStorage, enough to draw the saved page.
const KEY = 'cg-saved';
const saved = () => Object.assign({ photos: [], facts: [] }, store.get(KEY, {}));
const isSaved = (k, id) => saved()[k].some(x => x.id === id);
function put(k, item, on, at) {
  const s = saved(), list = s[k] = s[k].filter(x => x.id !== item.id);
  if (on) list.splice(at == null ? 0 : at, 0, item);
  if (!store.ok || !store.set(KEY, s)) return toast('Can’t save: this browser is blocking storage for this site (private mode or storage turned off).');
  sync();
  return true;
}
function photoItem(a) {
  const img = $('img', a);
  return {
    id: a.dataset.id, caption: a.dataset.caption, url: rel(a.matches('.photo-full') ? location.href : a.href),
    thumb: rel(img.getAttribute('src')), srcset: relSet(img.getAttribute('srcset')),
    full: rel(a.dataset.full), fsrcset: relSet(a.dataset.srcset), w: +a.dataset.width, h: +a.dataset.height
  };
}
function toggleSave(k, item, what) {
  const on = !isSaved(k, item.id), at = saved()[k].findIndex(x => x.id === item.id);
  if (put(k, item, on)) {
    if (on) toast(what + ' saved');
    else toast(what + ' removed', 'Undo', () => put(k, item, true, at));
  }
}
d.addEventListener('click', e => {
  const b = e.target.closest('[data-save-fact], [data-save-photo], .lb-save');
  if (!b) return;
  if (b.dataset.saveFact) {
    const li = b.closest('li');
    toggleSave('facts', { id: b.dataset.saveFact, text: b.dataset.text, url: rel(li ? $('a', li).href : location.href) }, 'Fact');
  } else toggleSave('photos', photoItem(b.dataset.savePhoto ? $('.photo-full') : lb.items[lb.i]), 'Photo');
});
$$('[data-save-fact], [data-save-photo]').forEach(b => { b.hidden = false; });

const sp = $('.saved-photos'), sf = $('.saved-facts');
const fromRoot = s => relSet(s, u => R + u);
function renderSaved() {
  if (lb && lb.open) { lb.dirty = true; return; }
  const s = saved(), x = icon('close');
  sp.innerHTML = s.photos.map(p => `<li><a class="thumb" href="${esc(R + p.url)}" data-id="${esc(p.id)}" data-caption="${esc(p.caption)}" data-full="${esc(R + p.full)}" data-srcset="${esc(fromRoot(p.fsrcset))}" data-width="${p.w}" data-height="${p.h}"><img src="${esc(R + p.thumb)}" srcset="${esc(fromRoot(p.srcset))}" sizes="(min-width: 40em) 16rem, 34vw" width="240" height="240" alt="${esc(p.caption)}"></a><button type="button" class="remove" data-id="${esc(p.id)}" aria-label="Remove photo: ${esc(p.caption)}">${x}</button></li>`).join('');
  sf.innerHTML = s.facts.map(f => `<li><a href="${esc(R + f.url)}">${esc(f.text)}</a><button type="button" class="remove" data-id="${esc(f.id)}" aria-label="Remove fact">${x}</button></li>`).join('');
  [[sp, s.photos], [sf, s.facts]].forEach(([l, a]) => {
    const sec = l.parentNode, empty = $('.empty', sec);
    empty.hidden = a.length > 0;
    $('.count', sec).textContent = a.length || '';
    if (!store.ok) empty.textContent = 'Saving needs browser storage, which is turned off here.';
  });
}
if (sp) [[sp, 'photos', 'Photo'], [sf, 'facts', 'Fact']].forEach(([l, k, what]) => {
  $('h2', l.parentNode).tabIndex = -1;
  l.addEventListener('click', e => {
    const b = e.target.closest('.remove');
    if (!b) return;
    const list = saved()[k], at = list.findIndex(x => x.id === b.dataset.id), item = list[at], li = b.closest('li');
    const near = li.nextElementSibling || li.previousElementSibling;
    const id = near && $('.remove', near).dataset.id;
    if (!put(k, item, false)) return;
    ($$('.remove', l).find(r => r.dataset.id === id) || $('h2', l.parentNode)).focus();
    toast(what + ' removed', 'Undo', () => put(k, item, true, at));
  });
});
function sync() {
  $$('[data-save-fact]').forEach(b => b.setAttribute('aria-pressed', isSaved('facts', b.dataset.saveFact)));
  $$('[data-save-photo]').forEach(b => b.setAttribute('aria-pressed', isSaved('photos', b.dataset.savePhoto)));
  if (lb && lb.open) lb.save.setAttribute('aria-pressed', isSaved('photos', lb.items[lb.i].dataset.id));
  if (sp) renderSaved();
}
addEventListener('storage', e => {
  if (e.key === KEY) sync();
  if (e.key === 'cg-theme' && e.newValue) setTheme(e.newValue);
});

// Lightbox for every a.thumb: animated open/close, zoom, pan, swipe; the URL names the photo.
let lb = null;
function build() {
  body.append($('#lb-template').content.cloneNode(true));
  const el = $('.lb');
  const q = s => $(s, el);
  lb = { el, bg: q('.lb-bg'), box: q('.lb-img'), th: q('.lb-thumb'), full: q('.lb-full'), count: q('.lb-count'), cap: q('.lb-cap'),
    save: q('.lb-save'), prev: q('.lb-prev'), next: q('.lb-next'), s: 1, x: 0, y: 0, pop: 0 };
  q('.lb-close').onclick = () => close();
  lb.prev.onclick = () => go(-1);
  lb.next.onclick = () => go(1);
  lb.full.onload = () => lb.full.classList.add('loaded');
  gestures();
}
const rectOf = a => ($('img', a) || a).getBoundingClientRect();
// The photo fitted (contained) in the viewport.
function fit(a) {
  const W = lb.el.clientWidth, H = lb.el.clientHeight, r = a.dataset.width / a.dataset.height, w = Math.min(W, H * r), h = w / r;
  return { x: (W - w) / 2, y: (H - h) / 2, w, h };
}
// Transform and clip that make the fitted photo cover exactly the thumbnail rectangle t.
function from(t) {
  const F = lb.F, c = t.width / t.height, wide = F.w / F.h > c;
  const cw = wide ? F.h * c : F.w, ch = wide ? F.h : F.w / c, cx = (F.w - cw) / 2, cy = (F.h - ch) / 2, k = t.width / cw;
  const rad = parseFloat(getComputedStyle($('img', lb.items[lb.i]) || lb.items[lb.i]).borderTopLeftRadius) / k || 0;
  return {
    transform: `translate(${t.left - F.x - cx * k}px,${t.top - F.y - cy * k}px) scale(${k})`,
    clipPath: `inset(${cy}px ${cx}px round ${rad}px)`, crop: [cx, cy, cw, ch]
  };
}
const NONE = 'inset(0px 0px round 0px)';
function apply(ease) {
  const b = lb.box.style;
  b.transition = ease && !still() ? 'transform .3s ' + EASE : '';
  b.transform = `translate(${lb.x}px,${lb.y}px) scale(${lb.s})`;
  lb.el.classList.toggle('zoomed', lb.s > 1.01);
}
// Keep a zoomed photo's edges outside the viewport and a smaller one centred.
function clamp() {
  const F = lb.F, W = lb.el.clientWidth, H = lb.el.clientHeight, w = F.w * lb.s, h = F.h * lb.s;
  lb.x = w <= W ? (W - w) / 2 - F.x : Math.min(-F.x, Math.max(W - w - F.x, lb.x));
  lb.y = h <= H ? (H - h) / 2 - F.y : Math.min(-F.y, Math.max(H - h - F.y, lb.y));
}
const maxScale = () => Math.max(3, lb.items[lb.i].dataset.width / lb.F.w);
const wantSize = w => { w = Math.round(w); if (w > lb.sizes) lb.full.sizes = (lb.sizes = w) + 'px'; };
function zoom(s, px, py, ease) {
  const F = lb.F, n = Math.min(maxScale(), Math.max(1, s)), ux = (px - F.x - lb.x) / lb.s, uy = (py - F.y - lb.y) / lb.s;
  lb.x = px - F.x - ux * n;
  lb.y = py - F.y - uy * n;
  lb.s = n;
  clamp();
  apply(ease);
  clearTimeout(lb.hd);
  lb.hd = setTimeout(() => wantSize(F.w * lb.s), 200); // a larger derivative once zoomed
}
function layout() {
  const a = lb.items[lb.i], F = lb.F = fit(a), [cx, cy, cw, ch] = from(rectOf(a)).crop;
  Object.assign(lb.box.style, { left: F.x + 'px', top: F.y + 'px', width: F.w + 'px', height: F.h + 'px' });
  Object.assign(lb.th.style, { left: cx + 'px', top: cy + 'px', width: cw + 'px', height: ch + 'px' });
  lb.s = 1;
  lb.x = lb.y = 0;
  wantSize(F.w);
  apply();
}
function show(i) {
  const a = lb.items[i], img = $('img', a), n = lb.items.length, f = lb.full;
  lb.i = i;
  lb.box.style.backgroundColor = img ? img.dataset.ph || img.style.backgroundColor : '';
  lb.th.src = img ? img.currentSrc || img.src : '';
  f.classList.remove('loaded');
  f.removeAttribute('srcset');
  f.removeAttribute('src');
  lb.sizes = 0;
  layout();
  f.alt = lb.cap.textContent = a.dataset.caption || '';
  f.srcset = a.dataset.srcset;
  f.src = a.dataset.full;
  lb.count.textContent = n > 1 ? `${i + 1} of ${n}` : '';
  lb.prev.hidden = i === 0;
  lb.next.hidden = i === n - 1;
  lb.save.setAttribute('aria-pressed', isSaved('photos', a.dataset.id));
  $$('.lb-source').forEach(x => x.classList.remove('lb-source'));
  a.classList.add('lb-source');
  [lb.items[i - 1], lb.items[i + 1]].forEach(b => { if (b) { const p = new Image(); p.sizes = f.sizes; p.srcset = b.dataset.srcset; } });
}
const url = a => location.pathname + location.search + '#photo=' + encodeURI(a.dataset.id);
const visible = a => a.offsetParent !== null;
function open(a, animate) {
  if (!lb) build();
  if (lb.open) return;
  const el = lb.el, ul = a.closest('ul'), sbw = innerWidth - root.clientWidth;
  lb.open = true;
  lb.items = ul ? $$('a.thumb', ul) : [a];
  lb.back = d.activeElement;
  root.style.overflow = 'hidden';
  root.style.paddingRight = sbw ? sbw + 'px' : '';
  history.scrollRestoration = 'manual'; // Back must not undo scrolling to the last photo
  [...body.children].forEach(c => { if (c !== el && c !== toastEl) c.inert = true; });
  el.hidden = false;
  show(lb.items.indexOf(a));
  history[history.state && history.state.cgPhoto ? 'replaceState' : 'pushState']({ cgPhoto: 1 }, '', url(a));
  $('.lb-close', el).focus({ preventScroll: true });
  if (!animate || still() || !visible(a)) return;
  const f = from(rectOf(a)), o = { duration: 330, easing: EASE };
  el.classList.add('anim');
  lb.anim = lb.box.animate([{ transform: f.transform, clipPath: f.clipPath }, { transform: lb.box.style.transform, clipPath: NONE }], o);
  lb.bg.animate({ opacity: [0, 1] }, o);
  lb.anim.onfinish = lb.anim.oncancel = () => { el.classList.remove('anim'); lb.anim = null; };
}
function close(popped) {
  if (!lb || !lb.open || lb.closing) return;
  const a = lb.items[lb.i], el = lb.el, id = a.dataset.id;
  lb.closing = true;
  if (!popped && history.state && history.state.cgPhoto) { lb.pop++; history.back(); }
  const done = () => {
    el.hidden = true;
    el.classList.remove('anim');
    lb.open = lb.closing = false;
    history.scrollRestoration = 'auto';
    lb.bg.style.opacity = root.style.overflow = root.style.paddingRight = '';
    [...body.children].forEach(c => { c.inert = false; });
    a.classList.remove('lb-source');
    if (lb.dirty) { lb.dirty = false; renderSaved(); }
    const t = d.contains(a) ? a : $$('a.thumb').find(x => x.dataset.id === id) || $('#saved-photos') || lb.back;
    if (t) t.focus({ preventScroll: true });
  };
  if (still() || !visible(a)) return done();
  root.style.overflow = root.style.paddingRight = ''; // a locked root does not scroll to the thumbnail
  let t = rectOf(a);
  if (t.bottom < 0 || t.top > innerHeight || t.right < 0 || t.left > innerWidth) {
    a.scrollIntoView({ block: 'center' });
    t = rectOf(a);
  }
  const f = from(t), o = { duration: 300, easing: EASE };
  if (lb.anim) lb.anim.cancel();
  el.classList.add('anim');
  lb.box.style.transition = '';
  lb.box.animate([{ transform: lb.box.style.transform, clipPath: NONE }, { transform: f.transform, clipPath: f.clipPath }], o).onfinish = done;
  lb.bg.animate({ opacity: [getComputedStyle(lb.bg).opacity, 0] }, o);
}
function go(dir, dx) {
  const j = lb.i + dir;
  if (!lb.open || lb.closing || !lb.items[j]) return false;
  show(j);
  history.replaceState({ cgPhoto: 1 }, '', url(lb.items[j]));
  if (!still()) lb.box.animate({ transform: [`translate(${(dx || 0) + dir * 60}px,0)`, 'translate(0,0)'], opacity: [dx ? 1 : 0, 1] }, { duration: 260, easing: EASE });
  return true;
}

// Pointer gestures: drag to pan (or swipe at scale 1), pinch, tap to close, double-tap to zoom.
function gestures() {
  const el = lb.el, pts = new Map();
  let g = null, tap = null, tapTimer;
  const two = () => { const [a, b] = [...pts.values()]; return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; };
  const begin = () => {
    lb.box.style.transition = '';
    const [p] = pts.values(), m = pts.size > 1 && two();
    g = m ? { pinch: 1, d: m.d, s: lb.s, ux: (m.x - lb.F.x - lb.x) / lb.s, uy: (m.y - lb.F.y - lb.y) / lb.s, moved: 1 }
      : { x: p.x, y: p.y, ox: lb.x, oy: lb.y, t: Date.now(), moved: g && g.moved };
  };
  el.addEventListener('pointerdown', e => {
    if (e.target.closest('button') || !lb.open || lb.closing || e.button > 0) return;
    el.setPointerCapture(e.pointerId);
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    g = null;
    begin();
  });
  el.addEventListener('pointermove', e => {
    if (!pts.has(e.pointerId) || !g) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (g.pinch) {
      const m = two(), n = lb.s = Math.min(maxScale() * 1.2, Math.max(.6, g.s * m.d / g.d));
      lb.x = m.x - lb.F.x - g.ux * n;
      lb.y = m.y - lb.F.y - g.uy * n;
      if (n >= 1) clamp();
      return apply();
    }
    const dx = e.clientX - g.x, dy = e.clientY - g.y;
    if (!g.moved && Math.abs(dx) + Math.abs(dy) < 8) return;
    g.moved = 1;
    if (lb.s > 1.01) { lb.x = g.ox + dx; lb.y = g.oy + dy; clamp(); return apply(); }
    g.axis = g.axis || (Math.abs(dx) > Math.abs(dy) ? 'x' : 'y');
    lb.x = g.axis === 'x' ? dx : 0;
    lb.y = g.axis === 'y' ? dy : 0;
    lb.bg.style.opacity = 1 - Math.min(Math.abs(lb.y) / 400, .7);
    apply();
  });
  const end = e => {
    if (!pts.delete(e.pointerId) || !g) return;
    if (g.pinch) {
      if (lb.s < 1) { lb.s = 1; clamp(); apply(1); } else zoom(lb.s, innerWidth / 2, innerHeight / 2);
      return pts.size && begin();
    }
    if (pts.size) return begin();
    const dx = e.clientX - g.x, dy = e.clientY - g.y, fast = Date.now() - g.t < 300, gg = g;
    g = null;
    if (!gg.moved) return e.type === 'pointerup' && onTap(e.clientX, e.clientY);
    if (lb.s > 1.01) return;
    lb.bg.style.opacity = '';
    const far = (v, lim) => Math.abs(v) > lim || (fast && Math.abs(v) > 40);
    if (gg.axis === 'x' && far(dx, innerWidth / 4) && go(dx < 0 ? 1 : -1, dx)) return;
    if (gg.axis === 'y' && far(dy, 120)) return close();
    lb.x = lb.y = 0;
    apply(1);
  };
  el.addEventListener('pointerup', end);
  el.addEventListener('pointercancel', end);
  const onTap = (x, y) => {
    const now = Date.now();
    clearTimeout(tapTimer);
    if (tap && now - tap.t < 300 && Math.hypot(x - tap.x, y - tap.y) < 30) {
      tap = null;
      return zoom(lb.s > 1.01 ? 1 : Math.min(2.5, maxScale()), x, y, 1);
    }
    tap = { t: now, x, y };
    tapTimer = setTimeout(() => { tap = null; if (lb.s <= 1.01) close(); }, 300);
  };
  el.addEventListener('wheel', e => {
    e.preventDefault();
    if (!lb.closing) zoom(lb.s * Math.exp(-e.deltaY * (e.deltaMode ? 16 : 1) * (e.ctrlKey ? .01 : .002)), e.clientX, e.clientY);
  }, { passive: false });
  d.addEventListener('keydown', e => {
    if (!lb.open || lb.closing || e.altKey || e.ctrlKey || e.metaKey) return;
    const k = e.key, W = innerWidth / 2, H = innerHeight / 2;
    if (k === 'Escape') close();
    else if (k === 'ArrowLeft' || k === 'ArrowRight') go(k === 'ArrowLeft' ? -1 : 1);
    else if (k === '+' || k === '=') zoom(lb.s * 1.5, W, H, 1);
    else if (k === '-' || k === '_') zoom(lb.s / 1.5, W, H, 1);
    else if (k === '0') zoom(1, W, H, 1);
    else if (k === 'Tab') { // keep focus inside the viewer
      const f = $$('button', el).filter(b => !b.hidden), i = f.indexOf(d.activeElement);
      f[i < 0 ? 0 : (i + (e.shiftKey ? f.length - 1 : 1)) % f.length].focus();
    } else return;
    e.preventDefault();
  });
  addEventListener('resize', () => { if (lb.open && !lb.closing) layout(); });
}

d.addEventListener('click', e => {
  const a = e.target.closest('a.thumb');
  if (!a || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !a.dataset.full || !$('#lb-template')) return;
  e.preventDefault();
  open(a, true);
});
// The thumbnail named by #photo=<id>, preferring one that is on screen.
const byHash = () => {
  const m = /^#photo=(.+)$/.exec(location.hash), id = m && decodeURI(m[1]), all = $$('a.thumb').filter(a => a.dataset.id === id);
  return all.find(visible) || all[0];
};
addEventListener('popstate', () => {
  if (lb && lb.pop) { lb.pop--; return; }
  const a = byHash();
  if (!a) close(true);
  else if (!(lb && lb.open)) open(a);
});
sync();
const first = byHash();
if (first) {
  history.replaceState(null, '', location.pathname + location.search);
  open(first);
}
})();

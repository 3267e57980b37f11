/* catgallery theme script: progressive enhancement, no dependencies. Without it every
   page still works; with it: a lightbox with a URL per photo, collapsible sections,
   list or grid, search, favourites and a dark theme toggle.

   How the parts fit together. The build (Sources/ThemeEmbedder) joins this file and
   then every other file at the top of templates/js/, in name order, into assets/site.js
   inside one strict-mode function, minified: comments and needless whitespace go (a `/`
   after `)`, `]`, `}`, a name or a value is taken for division). The files of each
   folder of js/ become a script of their own that a part loads when it first needs it:
   js/viewer/ is assets/viewer.js, which the lightbox loads when it first opens, so a
   page that never opens it does not pay for its buttons. This file holds the little
   that the parts share. Each part registers `feature(name, setup)`; the setups
   run in that order once the whole script has run, each returns early when the page
   lacks its elements (a site's own templates may leave any of them out), and one that
   throws is reported on the console without stopping the others. Parts reach each
   other only through `catgallery:` events on document (`announce` and `listen`). */

const siteRoot = document.body.dataset.root || '';
const find = (selector, scope = document) => scope.querySelector(selector);
const findAll = (selector, scope = document) => [...scope.querySelectorAll(selector)];
const EASING = 'cubic-bezier(.2,.8,.2,1)';
const prefersReducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

// localStorage as JSON that never throws; `works` tells whether anything can be kept.
const storage = {
  works: (() => {
    try {
      localStorage.setItem('cg-test', 1);
      localStorage.removeItem('cg-test');
      return true;
    } catch {
      return false;
    }
  })(),
  get(key, fallback) {
    try {
      const text = localStorage.getItem(key);
      return text == null ? fallback : JSON.parse(text);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  }
};

// announce('toast', {message}) reaches every listen('toast', handler) of any part.
const announce = (name, detail) => document.dispatchEvent(new CustomEvent('catgallery:' + name, { detail }));
const listen = (name, handler) => document.addEventListener('catgallery:' + name, event => handler(event.detail));

const features = [];
const feature = (name, setup) => features.push({ name, setup });
const run = ({ name, setup }) => {
  try {
    setup();
  } catch (error) {
    console.error(`catgallery: ${name} stopped:`, error);
  }
};
// After the last part has registered: this function runs to its end first.
queueMicrotask(() => {
  features.forEach(run);
  announce('ready');
});
// A script loaded later (assets/viewer.js, see ThemeEmbedder's ScriptBundle) hands over
// its parts, which get these helpers and run at once.
listen('parts', parts => parts({ siteRoot, find, findAll, EASING, prefersReducedMotion, storage, announce, listen, feature: (name, setup) => run({ name, setup }) }));

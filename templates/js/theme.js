// Theme button: follows the system until the reader picks a theme; each press goes on
// system → light → dark → system, kept in localStorage as cg-theme (the inline script in
// base.mustache applies it before paint). Its icon and name say the theme in use.
feature('theme', () => {
  const button = find('.theme-toggle');
  if (!button) return;
  const root = document.documentElement, use = find('use', button);
  const apply = theme => {
    if (theme) root.dataset.theme = root.style.colorScheme = theme;
    else delete root.dataset.theme, root.style.colorScheme = '';
    const name = theme || 'system'; // also the icon's name: a sun, a moon, a half-filled circle
    use.setAttribute('href', use.getAttribute('href').replace(/#.*/, '#' + name));
    button.setAttribute('aria-label', 'Theme: ' + name);
  };
  button.hidden = false;
  apply(root.dataset.theme);
  button.addEventListener('click', () => {
    const theme = { light: 'dark', dark: '' }[root.dataset.theme] ?? 'light';
    apply(theme);
    try {
      if (theme) localStorage.setItem('cg-theme', theme);
      else localStorage.removeItem('cg-theme');
    } catch {
      // Kept for this page only.
    }
  });
  addEventListener('storage', event => event.key === 'cg-theme' && apply(event.newValue));
});

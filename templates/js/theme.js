// Theme toggle: follows the system until the reader picks a theme, kept in
// localStorage as cg-theme (the inline script in base.mustache applies it before paint).
feature('theme', () => {
  const button = find('.theme-toggle');
  if (!button) return;
  const root = document.documentElement, systemDark = matchMedia('(prefers-color-scheme: dark)');
  const apply = theme => {
    if (theme) root.dataset.theme = root.style.colorScheme = theme;
    const current = root.dataset.theme || (systemDark.matches ? 'dark' : 'light');
    button.setAttribute('aria-pressed', current === 'dark');
  };
  button.hidden = false;
  apply();
  systemDark.addEventListener('change', () => apply());
  button.addEventListener('click', () => {
    const theme = button.getAttribute('aria-pressed') === 'true' ? 'light' : 'dark';
    apply(theme);
    try {
      localStorage.setItem('cg-theme', theme);
    } catch {
      // Kept for this page only.
    }
  });
  addEventListener('storage', event => {
    if (event.key === 'cg-theme' && event.newValue) apply(event.newValue);
  });
});

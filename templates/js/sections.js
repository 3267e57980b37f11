// Collapsible sections that animate their height, remembered per page; the section
// the URL's hash names stays open.
feature('sections', () => {
  const sections = findAll('details.section');
  if (!sections.length) return;
  const key = 'cg-sections:' + location.pathname, closed = storage.get(key, []);
  const remember = () => storage.set(key, sections.filter(section => section.classList.contains('is-closed')).map(section => section.id));
  const toggle = (section, open) => {
    const body = find('.section-body', section), from = section.open && body ? body.getBoundingClientRect().height : 0;
    if (section.animation) section.animation.cancel();
    section.classList.toggle('is-closed', !open);
    section.open = true;
    if (prefersReducedMotion() || !body) {
      section.open = open;
      return;
    }
    const to = open ? body.scrollHeight : 0;
    section.animation = body.animate({ height: [from + 'px', to + 'px'] }, { duration: 200 + Math.min(body.scrollHeight, 900) / 6, easing: EASING });
    section.animation.onfinish = () => {
      section.open = open;
      section.animation = null;
    };
  };
  for (const section of sections) {
    if (closed.includes(section.id) && location.hash !== '#' + section.id) {
      section.open = false;
      section.classList.add('is-closed');
    }
    find('summary', section).addEventListener('click', event => {
      event.preventDefault();
      toggle(section, section.classList.contains('is-closed'));
      remember();
    });
  }
  const tools = find('.section-tools');
  if (!tools) return;
  tools.hidden = false;
  tools.addEventListener('click', event => {
    const button = event.target.closest('button');
    if (!button) return;
    sections.forEach(section => toggle(section, !button.dataset.collapse));
    remember();
  });
});

// Breeds with several photos: "Another photo" cycles through them in place.
feature('breed photos', () => {
  for (const box of findAll('.breed-photos.many')) {
    const figures = findAll('.breed-photo', box), counter = find('.photo-count', box);
    const tools = find('.photo-tools', box), button = find('.another-photo', box);
    if (figures.length < 2 || !counter || !tools || !button) continue;
    let current = 0;
    const show = index => {
      figures[current].classList.remove('current');
      figures[current = index].classList.add('current');
      counter.textContent = `Photo ${current + 1} of ${figures.length}`;
    };
    box.classList.add('cycling');
    tools.hidden = false;
    show(0);
    button.addEventListener('click', () => show((current + 1) % figures.length));
    // The lightbox browses them too: the photo it shows is the one it closes back into.
    listen('lightbox-show', link => {
      const index = figures.indexOf(link.closest('.breed-photo'));
      if (index >= 0) show(index);
    });
  }
});

// Toast: a polite status message with an optional action such as Undo. Any part shows
// one with announce('toast', { message, action: { label, run } }).
feature('toast', () => {
  const toast = find('.toast');
  if (!toast) return;
  let hideTimer, delay;
  const hide = () => toast.classList.remove('show');
  const stay = () => clearTimeout(hideTimer);
  const hideLater = () => {
    stay();
    hideTimer = setTimeout(hide, delay);
  };
  toast.addEventListener('mouseenter', stay);
  toast.addEventListener('focusin', stay);
  toast.addEventListener('mouseleave', hideLater);
  toast.addEventListener('focusout', hideLater);
  listen('toast', ({ message, action }) => {
    const text = document.createElement('span');
    text.textContent = message;
    toast.replaceChildren(text);
    if (action) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = action.label;
      button.addEventListener('click', () => {
        action.run();
        hide();
      });
      toast.append(button);
    }
    delay = action ? 8000 : 3500;
    toast.classList.add('show');
    hideLater();
  });
});

// The edit forms of `catgallery serve` work without this; it only hides the
// photos of other breeds than the one chosen, picks "Upload" when a file is
// chosen, offers "Use it" beside a value typed before a conflict, and stops
// a second submit while the first is saving.
(() => {
  const form = document.querySelector(".edit-form");
  if (!form) return;
  const breed = form.querySelector("select[name=breed]");
  const groups = [...form.querySelectorAll(".breed-photos")];
  const show = () => {
    for (const group of groups) {
      const mine = breed && group.dataset.breed === breed.value;
      group.hidden = !mine;
      // A photo of another breed may not stay chosen.
      const picked = group.querySelector("input:checked");
      if (!mine && picked) {
        picked.checked = false;
        const fallback = form.querySelector("input[name=photo-choice][value=keep]") ||
          form.querySelector("input[name=photo-choice][value=none]");
        if (fallback) fallback.checked = true;
      }
    }
  };
  if (breed) {
    breed.addEventListener("change", show);
    show();
  }
  const file = form.querySelector("input[type=file]");
  const upload = form.querySelector("input[name=photo-choice][value=upload]");
  if (file && upload) file.addEventListener("change", () => { if (file.files.length) upload.checked = true; });
  // After a conflict, "Use it" puts back what was typed into a field.
  for (const button of form.querySelectorAll(".use-typed")) {
    const control = form.elements[button.dataset.for];
    if (!control) continue;
    button.hidden = false;
    button.addEventListener("click", () => {
      control.value = button.dataset.value;
      if (control.dispatchEvent) control.dispatchEvent(new Event("change", { bubbles: true }));
      (control.focus ? control : form.querySelector(`[name="${button.dataset.for}"]:checked`))?.focus();
    });
  }
  form.addEventListener("submit", (event) => {
    if (form.dataset.sent) { event.preventDefault(); return; }
    form.dataset.sent = "1";
    const button = form.querySelector("button[type=submit]");
    if (button) button.setAttribute("aria-busy", "true");
  });
})();

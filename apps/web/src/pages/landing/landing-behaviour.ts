// The landing page's only behaviour: the sample-report preview dialogs. Framework-free, so the prerendered page
// works with a few hundred bytes of script (island.ts) and the same markup works inside the React app
// (LandingPage installs it too). The PDF is only requested when its dialog opens.

function openPreview(dialog: HTMLDialogElement): void {
  const frame = dialog.querySelector<HTMLIFrameElement>('iframe[data-src]');
  if (frame && !frame.getAttribute('src')) frame.setAttribute('src', frame.dataset.src ?? '');
  dialog.showModal();
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const opener = target?.closest<HTMLElement>('[data-open-preview]');
  if (opener) {
    const dialog = document.getElementById(opener.dataset.openPreview ?? '');
    if (dialog instanceof HTMLDialogElement) openPreview(dialog);
    return;
  }
  if (target?.closest('[data-close-preview]')) {
    target.closest('dialog')?.close();
    return;
  }
  // A click on the backdrop (the dialog element itself, outside its panel) closes it too.
  if (target instanceof HTMLDialogElement && target.open) target.close();
}

let installed = false;

/** Idempotent: the island and the React page may both call it in one document. */
export function installLandingBehaviour(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('click', onClick);
}

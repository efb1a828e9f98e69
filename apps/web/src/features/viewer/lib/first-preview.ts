/**
 * The first image's preview (decision V15): a server-rendered JPEG of the slice the viewer shows first, put on screen
 * by the inline script of index.html while the viewer's code loads. The viewer takes it into its own image area, so it
 * sits under the overlay and moves with the layout, and removes it once Cornerstone has drawn that slice (or the
 * viewer shows a message instead). No Cornerstone code here.
 */
const PREVIEW_ID = 'rangsi-first-preview';

function preview(): HTMLImageElement | null {
  const el = document.getElementById(PREVIEW_ID);
  return el instanceof HTMLImageElement ? el : null;
}

/** Moves the preview (if still there) into `area`, just after the viewer's element, filling it the way the viewer fits. */
export function adoptPreview(area: HTMLElement): void {
  const img = preview();
  if (!img || img.parentElement === area.parentElement) return;
  Object.assign(img.style, { position: 'absolute', left: '0', top: '0', width: '100%', height: '100%', zIndex: '0' });
  area.after(img);
}

/** Removes the preview for good: the viewer has drawn its own image, or has something else to say. */
export function dropPreview(): void {
  preview()?.remove();
}

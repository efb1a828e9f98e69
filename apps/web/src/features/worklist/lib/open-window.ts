/**
 * Opens `url` in a new window once `work` (accepting the case, unzipping the images) has finished. The window is
 * opened at once, while the click still counts as the user's gesture, and only pointed at the page afterwards —
 * a window.open after an await is what popup blockers stop. A failed step closes it again; the step's own error
 * is already on screen (global alert).
 */
export async function openAfter(url: string, work: () => Promise<unknown>): Promise<void> {
  const win = window.open('about:blank', '_blank');
  try {
    await work();
  } catch {
    win?.close();
    return;
  }
  if (win) {
    win.opener = null;
    win.location.href = url;
  } else {
    window.open(url, '_blank', 'noopener');
  }
}

/**
 * Opens a page in a new window once `work` (accepting the case, unzipping the images, creating a billing batch) has
 * finished. The window is opened at once, while the click still counts as the user's gesture, and only pointed at the
 * page afterwards — a window.open after an await is what popup blockers stop. `url` may be read off the work's result
 * (the new batch's id). A failed step closes the window again and rethrows only when `rethrow` is set; by default the
 * step's own error is already on screen (global alert).
 */
export async function openAfter<T>(
  url: string | ((result: T) => string),
  work: () => Promise<T>,
  { rethrow = false } = {},
): Promise<T | undefined> {
  const win = window.open('about:blank', '_blank');
  let result: T;
  try {
    result = await work();
  } catch (error) {
    win?.close();
    if (rethrow) throw error;
    return undefined;
  }
  const target = typeof url === 'string' ? url : url(result);
  if (win) {
    win.opener = null;
    win.location.href = target;
  } else {
    window.open(target, '_blank', 'noopener');
  }
  return result;
}

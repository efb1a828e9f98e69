/**
 * Image files fetched while the viewer's Cornerstone chunk still downloads and compiles (decision V14): the first slice
 * is on the wire as soon as the instance list is known, not after Cornerstone has started. No Cornerstone code here.
 */
const early = new Map<string, Promise<ArrayBuffer | null>>();
let firstImage: ((imageId: string | null) => void) | null = null;
const firstImageId = new Promise<string | null>((resolve) => {
  firstImage = resolve;
});

/** Fetches the file behind `imageId` (a wadouri id) now; it is the stack's first image. */
export function fetchFirstEarly(imageId: string, url: string): void {
  if (!early.has(url))
    early.set(
      url,
      fetch(url, { credentials: 'same-origin' }).then(
        (r) => (r.ok ? r.arrayBuffer() : null),
        () => null,
      ),
    );
  firstImage?.(imageId);
}

/** The first image id of the page's own series once its list is known (null when it never will be, after 10 s). */
export function earlyFirstImageId(): Promise<string | null> {
  return Promise.race([firstImageId, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
}

/** The early fetch of `url`, once (null when none was started); a failed one gives null and the loader asks again. */
export function takeEarly(url: string): Promise<ArrayBuffer | null> | null {
  const p = early.get(url) ?? null;
  early.delete(url);
  return p;
}

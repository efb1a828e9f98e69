/**
 * What a query token (`?token=`) was minted for. A route that accepts query tokens lists the purposes it takes
 * (RouteAccess.tokens); every other route refuses them (ARCHITECTURE §4 "Tokens carry their purpose").
 * - viewer: the series viewer frame of one exam (overlay, series, instances, priors, images);
 * - weasis: the Weasis manifest of one exam and the images it names;
 * - export: the DICOM export (CD helper, film download) of one exam;
 * - link: a public film link's view of one of its request's exams (images, thumbnails, export download); it acts
 *   as the link, not as the person who made it.
 */
export const TOKEN_PURPOSES = ['viewer', 'weasis', 'export', 'link'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Whether a stored purpose text is one this version knows (an unknown one opens nothing). */
export function isTokenPurpose(value: unknown): value is TokenPurpose {
  return typeof value === 'string' && (TOKEN_PURPOSES as readonly string[]).includes(value);
}

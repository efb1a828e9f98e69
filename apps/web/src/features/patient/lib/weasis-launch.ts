/**
 * The DICOM viewer link of the patient exam history (spec §2): Weasis, started through its weasis:// protocol with
 * the $dicom:get -w command, loading our manifest /weasis/{examId}?token= (the token scoped to that one exam).
 */

/** The manifest URL Weasis downloads: absolute, since Weasis runs outside the browser. */
export function weasisManifestUrl(origin: string, examId: string, token: string): string {
  return `${origin}/weasis/${encodeURIComponent(examId)}?token=${encodeURIComponent(token)}`;
}

/**
 * weasis:// followed by the command, form-encoded as Weasis documents it
 * (weasis://%24dicom%3Aget+-w+%22https%3A%2F%2F…%22): spaces as +, everything else percent-encoded.
 */
export function weasisLaunchUrl(manifestUrl: string): string {
  return `weasis://${encodeURIComponent(`$dicom:get -w "${manifestUrl}"`).replace(/%20/g, '+')}`;
}

/**
 * Codes of the request documents (lookups kind requestDocument) a request needs before it is complete: the doctor's
 * order always; consent and a creatinine result when contrast is given; the safety screening form for MR.
 */
export function requiredRequestDocumentCodes(r: { modalityCodes: readonly string[]; hasContrast: boolean }): string[] {
  const codes = ['ORDER'];
  if (r.hasContrast) codes.push('CONTRAST_CONSENT', 'LAB_CREATININE');
  if (r.modalityCodes.includes('MR')) codes.push('MRI_SCREENING');
  return codes;
}

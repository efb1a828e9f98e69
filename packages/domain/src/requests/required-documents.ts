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

/** What a request's missing-documents check reads: its products' modalities and groups, its documents, the types. */
export interface RequestDocumentFacts {
  products: readonly { modalityCode: string; productGroup: string }[];
  documentTypeIds: readonly (number | null)[];
  documentTypes: readonly { id: number; code: string | null; name: string }[];
}

/** Names of the required request documents a request has not got yet (spec §3 missingDocumentNames). */
export function missingRequestDocumentNames(facts: RequestDocumentFacts, contrastGroup: string): string[] {
  const required = requiredRequestDocumentCodes({
    modalityCodes: facts.products.map((p) => p.modalityCode),
    hasContrast: facts.products.some((p) => p.productGroup === contrastGroup),
  });
  const have = new Set(facts.documentTypeIds);
  return required.flatMap((code) => {
    const type = facts.documentTypes.find((t) => t.code === code);
    return type && !have.has(type.id) ? [type.name] : [];
  });
}

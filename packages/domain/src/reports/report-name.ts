/** The radiology report of an exam (spec §7: the report kinds requested include pacs). */
export const RADIOLOGY_REPORT_NAME = 'pacs';

/** Report names as the report list gives them may carry a file extension (pacs.mrt); tabs hide it (spec §2). */
export function reportNameLabel(name: string): string {
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
}

/** The radiology report definition a name selects: pacs, with or without an extension; undefined for any other. */
export function radiologyReportName(name: string): string | undefined {
  const base = reportNameLabel(name.trim());
  return base.toLowerCase() === RADIOLOGY_REPORT_NAME ? RADIOLOGY_REPORT_NAME : undefined;
}

/** True for the PACS (exam) report names of a report list: pacs, pacs_en, pacs-2.mrt … */
export function isPacsReportName(name: string): boolean {
  return /^pacs([._-]|$)/i.test(name);
}

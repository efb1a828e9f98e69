import type { ExamReport, ReportContent, ReportTemplate } from '@rangsi/contract';
import { REPORT_SECTIONS } from '@rangsi/contract';

/** What the form holds: the sections, the addendum text and the critical flag. */
export interface ReportFormValues {
  content: ReportContent;
  isCritical: boolean;
}

const EMPTY: ReportContent = { clinicalInformation: '', technique: '', findings: '', impression: '' };

/**
 * The "new" state starts from the draft when there is one; for an addendum, from the latest finished text (the
 * reader corrects it and says why, the critical flag kept); otherwise empty but for the clinical information, which
 * starts from the request's clinical history and indication.
 */
export function initialFormValues(
  report: Pick<ExamReport, 'draft' | 'access' | 'latestContent' | 'finishedReports' | 'requestClinicalInformation'>,
): ReportFormValues {
  const addendum = report.access.nextKinds.includes('addendum');
  const latestContent = report.latestContent;
  if (report.draft) {
    return {
      content: {
        ...EMPTY,
        ...report.draft.content,
        ...(addendum ? { addendum: report.draft.content.addendum ?? '' } : {}),
      },
      isCritical: report.draft.isCritical,
    };
  }
  if (addendum && latestContent) {
    const { addendum: _previous, ...rest } = latestContent;
    // The correction keeps the latest version's critical flag unless the reader unticks it.
    return { content: { ...EMPTY, ...rest, addendum: '' }, isCritical: report.finishedReports[0]?.isCritical ?? false };
  }
  // A first report starts from the request's clinical history and indication (issue 26 item 10).
  return {
    content: {
      ...EMPTY,
      clinicalInformation: report.requestClinicalInformation ?? '',
      ...(addendum ? { addendum: '' } : {}),
    },
    isCritical: false,
  };
}

/**
 * True when no section has text worth keeping (a template may then fill the form without asking); the clinical
 * information the request filled in is not the reader's text.
 */
export function isBlank(content: ReportContent, startClinicalInformation = ''): boolean {
  return REPORT_SECTIONS.every(
    (s) => !content[s].trim() || (s === 'clinicalInformation' && content[s].trim() === startClinicalInformation.trim()),
  );
}

/** The template's sections replace the form's; the clinical information the reader typed stays when the template has none. */
export function applyTemplate(
  content: ReportContent,
  template: Pick<ReportTemplate, 'templateId' | 'content'>,
): ReportContent {
  return {
    ...content,
    clinicalInformation: template.content.clinicalInformation.trim()
      ? template.content.clinicalInformation
      : content.clinicalInformation,
    technique: template.content.technique,
    findings: template.content.findings,
    impression: template.content.impression,
    templateId: template.templateId,
  };
}

/**
 * What the window opens on: 'new' (the form) when the reader should write (no version yet, a draft waits, or the
 * report came back rejected), else the latest finished report's id, or null when there is nothing to show.
 */
export function defaultSelection(
  report: Pick<ExamReport, 'finishedReports' | 'draft' | 'access' | 'exam'>,
): string | null {
  const latest = report.finishedReports[0];
  if (report.access.canEdit && (!latest || report.draft || report.exam.reportAuditStatus === 'Rejected')) return 'new';
  return latest?.finishedReportId ?? (report.access.canEdit ? 'new' : null);
}

import { z } from 'zod';
import { RADIOLOGY_REPORT_NAME, reportAccess } from '@rangsi/domain';
import { defineReport } from '../report-engine/registry';
import { radiologyReportElement } from './pdf/radiology-report';
import type { ExamReportsService } from './reports.service';

/**
 * The radiology report in the report engine's registry: it lists as the `pacs` tab (GET /api/reports/reportlist
 * ?prefix=pacs) and POST /ReportViewer/pacs with examId prints the draft as a preview. Finished versions keep their
 * own saved PDFs (GET /ReportViewer/finishedReport/{examId}/{finishedReportId}).
 */
export function radiologyReportDefinition(service: ExamReportsService) {
  return defineReport({
    name: RADIOLOGY_REPORT_NAME,
    title: 'รายงานผลการตรวจทางรังสีวิทยา',
    titleEn: 'Radiology report',
    permission: 'EXAM_REPORT',
    scope: 'exam',
    params: z.object({
      examId: z.preprocess(
        (v: unknown) => (Array.isArray(v) ? (v as unknown[]).at(-1) : v),
        z.string({ error: 'กรุณาระบุ examId' }).uuid('ไม่พบรายการตรวจ'),
      ),
    }),
    fields: [{ name: 'examId', kind: 'hidden', required: true }],
    // Listed for those who may run it: the preview is of a draft, which only writers have (hospital roles read the
    // saved versions; the report window shows the pacs tab for them anyway).
    availableFor: ({ user }) =>
      reportAccess({
        user,
        exam: { reviewerId: user.userId, status: 'Accepted', reportAuditStatus: '', reportCount: 0 },
      }).canEdit,
    paper: 'A4',
    load: (ctx, p) => service.preview(ctx.user, p.examId),
    template: (data) => radiologyReportElement(data.doc),
    fileName: (_p, data) => `report-preview-${(data.accession ?? 'exam').replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
    patientOf: (data) => data.patientId,
  });
}

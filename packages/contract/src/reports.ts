import { z } from 'zod';

/** An empty query value (`?examBranchId=`) means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * GET /api/reports/reportlist?prefix=&examBranchId= (spec §7 Reports). The prefix names the kind: pacs, accounting,
 * branch_report_daily, branch_report_monthly, billing_, doctor, center_report, sticker.
 */
export const ReportListQuerySchema = z.object({
  prefix: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(64, 'prefix ยาวเกิน 64 ตัวอักษร')
      .regex(/^[A-Za-z0-9_]*$/, 'prefix ใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ _')
      .optional(),
  ),
  examBranchId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'examBranchId ต้องเป็นตัวเลข' })
      .int('examBranchId ต้องเป็นจำนวนเต็ม')
      .positive('examBranchId ต้องมากกว่า 0')
      .max(2_147_483_647)
      .optional(),
  ),
});
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;

/** Spec §3 Report.reportParameters: a parameter and its value (the default the form starts with). */
export const ReportParameterSchema = z.object({ parameterName: z.string(), value: z.string() });
export type ReportParameter = z.infer<typeof ReportParameterSchema>;

/** Spec §3 Report.finishedReports. */
export const FinishedReportEntrySchema = z.object({
  finishedReportId: z.string(),
  reportName: z.string(),
  reporterName: z.string(),
  createDate: z.string(),
});
export type FinishedReportEntry = z.infer<typeof FinishedReportEntrySchema>;

/**
 * How the report form shows a parameter (beyond the spec, which leaves the form to the client): a day
 * (yyyy-MM-dd), a month (yyyy-MM), a branch or doctor picked from the options the user may choose, a fixed choice,
 * a tick box, or a value the page carries without showing it (a request id from the route).
 */
export const ReportFieldKindSchema = z.enum(['date', 'month', 'branch', 'doctor', 'select', 'checkbox', 'hidden']);
export type ReportFieldKind = z.infer<typeof ReportFieldKindSchema>;

export const ReportFieldSchema = z.object({
  name: z.string(),
  kind: ReportFieldKindSchema,
  required: z.boolean(),
  /** Choices of a branch, doctor or select field: only those the user may run the report with. */
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export type ReportField = z.infer<typeof ReportFieldSchema>;

/** Spec §3 Report (reportName, reportParameters, finishedReports), with the titles and the form's fields. */
export const ReportSchema = z.object({
  reportName: z.string(),
  title: z.string(),
  titleEn: z.string(),
  reportParameters: z.array(ReportParameterSchema),
  fields: z.array(ReportFieldSchema),
  finishedReports: z.array(FinishedReportEntrySchema),
});
export type Report = z.infer<typeof ReportSchema>;

/** POST /ReportViewer/{reportName}: the name as the registry spells it, `{prefix}…` with an optional extension. */
export const ReportViewerParamsSchema = z.object({
  reportName: z.string().max(100, 'ชื่อรายงานยาวเกินไป'),
});

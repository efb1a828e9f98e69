import type { CreateReportTemplate, ReportTemplate } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';

/** POST /api/report/templates: the reader keeps the current text as their own template. */
export function createReportTemplate(body: CreateReportTemplate): Promise<ReportTemplate> {
  return apiRequest<ReportTemplate>('/api/report/templates', { method: 'POST', body });
}

import type { ReportDraft, SaveReportDraft } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';

/** PUT /api/exam/{examId}/report/{name}/draft: the autosave, over the draft version last seen (409 when stale). */
export function saveReportDraft(examId: string, name: string, body: SaveReportDraft): Promise<ReportDraft> {
  return apiRequest<ReportDraft>(`/api/exam/${encodeURIComponent(examId)}/report/${encodeURIComponent(name)}/draft`, {
    method: 'PUT',
    body,
  });
}

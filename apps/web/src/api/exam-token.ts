import { apiRequest } from './api-client';

export interface ExamToken {
  token: string;
  expiresAt: string;
}

/** What a query token opens (the server's token purposes): the viewer frame, Weasis, or the exam's DICOM export. */
export type ExamTokenPurpose = 'viewer' | 'weasis' | 'export';

/**
 * POST /api/exam/{id}/token: a short-lived token that opens one exam for one purpose and nothing else (the server
 * refuses it on every route that does not take that purpose).
 */
export function issueExamToken(examId: string, purpose: ExamTokenPurpose): Promise<ExamToken> {
  return apiRequest<ExamToken>(`/api/exam/${encodeURIComponent(examId)}/token`, { method: 'POST', body: { purpose } });
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/api-client';

export interface ExamToken {
  token: string;
  expiresAt: string;
}

/** POST /api/exam/{id}/token: a short-lived token scoped to one exam, for links that carry it in the query (Weasis). */
export function issueExamToken(examId: string): Promise<ExamToken> {
  return apiRequest<ExamToken>(`/api/exam/${encodeURIComponent(examId)}/token`, { method: 'POST' });
}

export function useIssueExamToken() {
  return useMutation({ mutationFn: issueExamToken });
}

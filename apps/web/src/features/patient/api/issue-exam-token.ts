import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

export interface ExamToken {
  token: string;
  expiresAt: string;
}

/**
 * POST /api/exam/{id}/token for Weasis: a short-lived token that opens this exam's Weasis manifest and the images it
 * names, and nothing else (the server refuses it on every other route).
 */
export function issueWeasisToken(examId: string): Promise<ExamToken> {
  return apiRequest<ExamToken>(`/api/exam/${encodeURIComponent(examId)}/token`, {
    method: 'POST',
    body: { purpose: 'weasis' },
  });
}

export function useIssueWeasisToken() {
  return useMutation({ mutationFn: issueWeasisToken });
}

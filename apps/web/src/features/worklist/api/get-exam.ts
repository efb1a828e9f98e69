import type { Exam } from '@rangsi/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { ApiError } from '@/api/api-error';
import { removeExamRow, replaceExamRow } from './exam-rows-cache';

/** GET /api/exam/{id} (spec §7). */
export function getExam(examId: string): Promise<Exam> {
  return apiRequest<Exam>(`/api/exam/${encodeURIComponent(examId)}`);
}

/**
 * Brings one row up to date after an action lost a race (409) or found the exam gone (404). The shared API client
 * does not hand back a 409's `data`, so the fresh row is read again; a 404 means the exam left the user's scope.
 * Failures here stay quiet: the action's own error is what the user is already reading.
 */
export async function refreshExamRow(queryClient: QueryClient, examId: string): Promise<void> {
  try {
    replaceExamRow(queryClient, await getExam(examId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) removeExamRow(queryClient, examId);
  }
}

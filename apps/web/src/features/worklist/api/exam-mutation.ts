import type { Exam } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error';
import type { RangsiQueryMeta } from '@/api/query-meta';
import { replaceExamRow } from './exam-rows-cache';
import { refreshExamRow } from './get-exam';

/** The row an action is about: its id, and the version the user was looking at (optimistic concurrency). */
export type ExamTarget = Pick<Exam, 'examId' | 'version'>;

export function examPath(exam: Pick<Exam, 'examId'>, action: string): string {
  return `/api/exam/${encodeURIComponent(exam.examId)}/${action}`;
}

/** Conflicts (409) and vanished exams (404) leave the row stale; refresh it so the list shows the truth. */
export function isStaleRowError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

/**
 * A worklist action answered by the new exam row (spec §4): the row is replaced on success; on a lost race the
 * error goes to the global alert (spec §8) unless meta says otherwise, and the row is refreshed.
 */
export function useExamMutation<V extends { exam: ExamTarget }>(
  mutationFn: (variables: V) => Promise<Exam>,
  meta?: RangsiQueryMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    onSuccess: (row) => replaceExamRow(queryClient, row),
    onError: (error, variables) => {
      if (isStaleRowError(error)) void refreshExamRow(queryClient, variables.exam.examId);
    },
  });
}

import type { Exam, ExamSearchResult } from '@rangsi/contract';
import type { QueryClient } from '@tanstack/react-query';
import { examSearchKeys } from './search-exams';

/** Spec §4: the exam an action answers replaces its row, wherever a cached search shows it. */
export function replaceExamRow(queryClient: QueryClient, row: Exam): void {
  queryClient.setQueriesData<ExamSearchResult>({ queryKey: examSearchKeys.all }, (old) =>
    old?.rows.some((r) => r.examId === row.examId)
      ? { ...old, rows: old.rows.map((r) => (r.examId === row.examId ? row : r)) }
      : old,
  );
}

/** A deleted exam, or one no longer in the user's scope (reassigned away from a doctor), leaves the list. */
export function removeExamRow(queryClient: QueryClient, examId: string): void {
  queryClient.setQueriesData<ExamSearchResult>({ queryKey: examSearchKeys.all }, (old) =>
    old?.rows.some((r) => r.examId === examId)
      ? { ...old, rows: old.rows.filter((r) => r.examId !== examId), total: Math.max(0, old.total - 1) }
      : old,
  );
}

import type { Exam } from '@rangsi/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { replaceExamRow } from './exam-rows-cache';
import { examPath, isStaleRowError, type ExamTarget } from './exam-mutation';
import { getExam, refreshExamRow } from './get-exam';

/** POST /api/exam/{id}/unzip — archived images are unzipped before viewing (spec §4 Zip). */
export function unzipExam({ exam }: { exam: ExamTarget }): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'unzip'), { method: 'POST', body: { version: exam.version } });
}

const POLL_MS = 2_000;
const POLL_LIMIT_MS = 10 * 60_000;

/**
 * The unzip runs as a job on the server; its answer is still Archive. The row is read again every 2 s until the job
 * reports Uploaded or Error (or 10 minutes pass), so the list shows the outcome without a new search.
 */
export async function followUnzip(
  queryClient: QueryClient,
  examId: string,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<Exam | undefined> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  while (Date.now() < deadline) {
    await sleep(POLL_MS);
    let row: Exam;
    try {
      row = await getExam(examId);
    } catch {
      return undefined; // gone or out of scope: the next search says so
    }
    if (row.zipStatus !== 'Archive') {
      replaceExamRow(queryClient, row);
      return row;
    }
  }
  return undefined;
}

export function useUnzipExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unzipExam,
    onSuccess: (row) => {
      replaceExamRow(queryClient, row);
      if (row.zipStatus === 'Archive') void followUnzip(queryClient, row.examId);
    },
    onError: (error, variables) => {
      if (isStaleRowError(error)) void refreshExamRow(queryClient, variables.exam.examId);
    },
  });
}

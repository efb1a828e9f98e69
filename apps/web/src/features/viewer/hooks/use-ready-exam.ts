import type { Exam } from '@rangsi/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getViewerExam, unzipViewerExam } from '../api/viewer-exam';

const POLL_MS = 2000;

/**
 * Spec §4 Zip: an archived exam is unzipped on demand before viewing. The exam is read, unzip asked for once (only
 * once `mayProceed` allows, i.e. after acceptance), then read again every 2 s until it leaves Archive (Uploaded, or
 * Error with the reason in its log).
 */
export function useReadyExam(examId: string, mayProceed: (exam: Exam) => boolean) {
  const exam = useQuery({
    queryKey: ['viewer', 'exam', examId],
    queryFn: () => getViewerExam(examId),
    refetchInterval: (q) => (q.state.data?.zipStatus === 'Archive' ? POLL_MS : false),
  });
  const unzip = useMutation({ mutationFn: unzipViewerExam });
  const asked = useRef(false);
  const archived = exam.data?.zipStatus === 'Archive';
  const proceed = exam.data ? mayProceed(exam.data) : false;

  useEffect(() => {
    if (!archived || !proceed || asked.current || !exam.data) return;
    asked.current = true;
    unzip.mutate(exam.data);
  }, [archived, proceed, exam.data, unzip]);

  return {
    exam: exam.data,
    error: exam.error ?? unzip.error,
    restoring: archived && proceed,
    ready: exam.isSuccess && proceed && !archived && exam.data.zipStatus !== 'Error',
    failedRestore: exam.data?.zipStatus === 'Error',
  };
}

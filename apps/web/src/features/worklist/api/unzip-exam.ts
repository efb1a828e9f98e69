import type { Exam } from '@rangsi/contract';
import { apiRequest } from '../../../api/api-client';
import { examPath, useExamMutation, type ExamTarget } from './exam-mutation';

/** POST /api/exam/{id}/unzip — archived images are unzipped before viewing (spec §4 Zip). */
export function unzipExam({ exam }: { exam: ExamTarget }): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'unzip'), { method: 'POST', body: { version: exam.version } });
}

export function useUnzipExam() {
  return useExamMutation(unzipExam);
}

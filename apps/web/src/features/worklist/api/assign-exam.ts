import type { AssignExam, Exam } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';
import { examPath, useExamMutation, type ExamTarget } from './exam-mutation';

export type AssignExamInput = Required<
  Pick<AssignExam, 'withInDay' | 'withInHour' | 'withInMinute' | 'isSpecific' | 'isOnDuty' | 'isChainCase'>
> &
  Pick<AssignExam, 'doctorId' | 'message' | 'reportUrgency'>;

/** POST /api/exam/{id}/assign with the assign payload of spec §3. */
export function assignExam({ exam, assignment }: { exam: ExamTarget; assignment: AssignExamInput }): Promise<Exam> {
  return apiRequest<Exam>(examPath(exam, 'assign'), { method: 'POST', body: { ...assignment, version: exam.version } });
}

/** Spec §8: an assign failure shows the server's message in red in the dialog, not in the global alert. */
export function useAssignExam() {
  return useExamMutation(assignExam, { errorAlert: false });
}

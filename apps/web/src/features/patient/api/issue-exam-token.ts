import { useMutation } from '@tanstack/react-query';
import { issueExamToken, type ExamToken } from '@/api/exam-token';

export type { ExamToken };

/** A Weasis token: it opens this exam's Weasis manifest and the images it names, nothing else. */
export function issueWeasisToken(examId: string): Promise<ExamToken> {
  return issueExamToken(examId, 'weasis');
}

export function useIssueWeasisToken() {
  return useMutation({ mutationFn: issueWeasisToken });
}

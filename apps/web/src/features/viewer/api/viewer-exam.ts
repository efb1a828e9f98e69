import type { Exam, Series } from '@rangsi/contract';
import { apiRequest } from '@/api/api-client';
import { issueExamToken, type ExamToken } from '@/api/exam-token';

const examPath = (examId: string) => `/api/exam/${encodeURIComponent(examId)}`;

/** GET /api/exam/{id} (spec §7): the exam, read again while its images are unzipped. */
export function getViewerExam(examId: string): Promise<Exam> {
  return apiRequest<Exam>(examPath(examId));
}

/** GET /api/exam/{id}/series/ (spec §7): one row per series and orientation. */
export function getSeries(examId: string): Promise<Series[]> {
  return apiRequest<Series[]>(`${examPath(examId)}/series`);
}

/** POST /api/exam/{id}/unzip (spec §4 Zip): archived images are brought back before viewing. */
export function unzipViewerExam(exam: Pick<Exam, 'examId' | 'version'>): Promise<Exam> {
  return apiRequest<Exam>(`${examPath(exam.examId)}/unzip`, { method: 'POST', body: { version: exam.version } });
}

/** POST /api/exam/{id}/token: the short-lived exam token the frame's address carries (spec §2, §6). */
export function issueViewerToken(examId: string): Promise<ExamToken> {
  return issueExamToken(examId, 'viewer');
}

/** POST /api/exam/{id}/accept (spec §4 Acceptance): the reviewer takes the case before viewing it. */
export function acceptViewerExam(exam: Pick<Exam, 'examId' | 'version'>): Promise<Exam> {
  return apiRequest<Exam>(`${examPath(exam.examId)}/accept`, { method: 'POST', body: { version: exam.version } });
}

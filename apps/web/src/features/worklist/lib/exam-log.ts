/** The exam events the server logs (exam_events.action), each with its text under worklist.history.event. */
export const EXAM_LOG_ACTIONS = [
  'created',
  'requestEdited',
  'deleted',
  'imagesReceived',
  'imagesMatched',
  'hnChanged',
  'procedureStarted',
  'procedureCompleted',
  'procedureDiscontinued',
  'dicomImported',
  'dicomApproved',
  'dicomRejected',
  'dicomDeleted',
  'dicomExported',
  'assigned',
  'unassigned',
  'accepted',
  'rejected',
  'reported',
  'reportEdited',
  'reportApproved',
  'reportRejected',
  'archived',
  'unzipRequested',
  'unzipped',
  'unzipFailed',
  'noted',
] as const;
export type ExamLogAction = (typeof EXAM_LOG_ACTIONS)[number] | 'other';

const LINE = /^(\d{2}-\d{2}-\d{4} \d{2}:\d{2}) (.*?): ([a-z][A-Za-z]*)(?: — (.*))?$/;

/**
 * One line of the exam's log (spec §3 Exam.log: "dd-MM-yyyy HH:mm user: action — detail") with the action's code
 * replaced by its text (issue 26 item 9: no internal code on screen). A line of another shape is shown as it came;
 * an action the screen does not know reads as "other".
 */
export function logLineText(line: string, text: (action: ExamLogAction) => string): string {
  const m = LINE.exec(line);
  if (!m) return line;
  const [, at, user, action, detail] = m;
  const known = (EXAM_LOG_ACTIONS as readonly string[]).includes(action!) ? (action as ExamLogAction) : 'other';
  return `${at} ${user}: ${text(known)}${detail ? ` — ${detail}` : ''}`;
}

/** The stages of protocol §"CD download helper": what `download/check` says the job is doing. */
export type Stage = 'waiting' | 'downloading' | 'unpacking' | 'image' | 'burning' | 'opening' | 'done';

/** A job as `download/check` answers it. */
export interface ExamJobView {
  examId: string;
  result: boolean | null;
  stage: Stage;
  progress: { done: number; total: number } | null;
  message: string;
  folder?: string;
  image?: string;
}

/** One exam's download, while it runs and after; the token lives only as long as it is needed. */
export interface ExamJob extends ExamJobView {
  token: string | undefined;
  label: string | undefined;
  abort: AbortController;
  finished: Promise<void>;
}

/** What the service does once the exam is unpacked (cd: ISO and burn; radiant: open the viewer). */
export type AfterUnpack = (step: {
  job: ExamJob;
  folder: string;
  name: string;
  signal: AbortSignal;
  setStage: (stage: Stage, message: string) => void;
}) => Promise<string>;

export function viewOf(job: ExamJob): ExamJobView {
  const { examId, result, stage, progress, message, folder, image } = job;
  return { examId, result, stage, progress, message, ...(folder ? { folder } : {}), ...(image ? { image } : {}) };
}

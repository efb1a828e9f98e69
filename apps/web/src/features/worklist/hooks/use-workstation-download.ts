import type { Exam } from '@rangsi/contract';
import { useEffect, useState } from 'react';
import { issueExamToken } from '@/api/exam-token';
import {
  HelperUnreachableError,
  checkHelper,
  clearDownload,
  downloadProgress,
  startDownload,
  type DownloadProgress,
} from '@/lib/workstation-helper/download-helper';

/** Spec §9: CD and RadiAnt progress is asked every second; so is a helper that is not running yet. */
export const HELPER_POLL_MS = 1_000;

export type WorkstationService = 'cd' | 'radiant';

/** What the dialog shows, from first contact with the helper to the job's result. */
export type DownloadView =
  | { phase: 'connecting' }
  | { phase: 'notRunning' }
  | { phase: 'notReady'; detail: string }
  | { phase: 'running'; stage: DownloadProgress['stage']; progress: DownloadProgress['progress'] }
  | { phase: 'completed'; folder?: string; image?: string }
  | { phase: 'error'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one CD-folder or RadiAnt download through the workstation helper (spec §4): find the helper (asking again
 * each second while it is not running), mint the user's export token for this exam, start, poll each second until
 * the result is set, then clear. Closing the dialog stops the polling; the helper finishes the job on its own.
 */
export function useWorkstationDownload(base: string, exam: Pick<Exam, 'examId' | 'accessionNumber'>): DownloadView {
  const [view, setView] = useState<DownloadView>({ phase: 'connecting' });
  const { examId, accessionNumber } = exam;

  useEffect(() => {
    let live = true;
    const show = (next: DownloadView) => {
      if (live) setView(next);
    };

    async function findHelper(): Promise<boolean> {
      for (;;) {
        try {
          const check = await checkHelper(base);
          if (check.ready) return true;
          show({ phase: 'notReady', detail: check.detail });
          return false;
        } catch (error) {
          if (!(error instanceof HelperUnreachableError)) throw error;
          show({ phase: 'notRunning' });
          await wait(HELPER_POLL_MS);
          if (!live) return false;
        }
      }
    }

    async function run() {
      if (!(await findHelper()) || !live) return;
      const { token } = await issueExamToken(examId, 'export');
      if (!live) return;
      await startDownload(base, { examId, token, label: accessionNumber ?? undefined });
      show({ phase: 'running', stage: 'waiting', progress: null });
      for (;;) {
        const state = await downloadProgress(base, examId);
        if (!live) return;
        if (state.result === null) {
          show({ phase: 'running', stage: state.stage, progress: state.progress });
          await wait(HELPER_POLL_MS);
          if (!live) return;
          continue;
        }
        show(
          state.result
            ? { phase: 'completed', folder: state.folder, image: state.image }
            : { phase: 'error', message: state.message },
        );
        await clearDownload(base, examId).catch(() => undefined);
        return;
      }
    }

    run().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : '';
      show({ phase: 'error', message });
    });
    return () => {
      live = false;
    };
  }, [base, examId, accessionNumber]);

  return view;
}

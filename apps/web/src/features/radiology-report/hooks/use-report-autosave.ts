import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/api/api-error';
import { saveReportDraft } from '../api/save-report-draft';
import type { ReportFormValues } from '../lib/report-form';

/** Quiet time after the last keystroke before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1200;

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'conflict';

export interface AutosaveState {
  status: AutosaveStatus;
  /** When the server last stored the draft (ISO). */
  savedAt?: string;
  /** The server's message for a failed save (text too long …). */
  message?: string;
}

/**
 * Draft autosave (issue 8): each change waits for a pause, then PUTs the whole form over the draft version last
 * seen. Changes made while a save runs are saved right after it. A 409 (another window saved) stops saving until the
 * reader chooses; any other failure keeps the text on screen and says so. Nothing typed is dropped: a failed save
 * keeps its values for the next attempt.
 */
export function useReportAutosave(examId: string, name: string, initialVersion: number, initialSavedAt?: string) {
  const [state, setState] = useState<AutosaveState>(
    initialSavedAt ? { status: 'saved', savedAt: initialSavedAt } : { status: 'idle' },
  );
  const version = useRef(initialVersion);
  const unsaved = useRef<ReportFormValues | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);

  const saveNow = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    if (running.current) await running.current;
    const values = unsaved.current;
    if (!values || stopped.current) return;
    unsaved.current = null;
    setState((s) => ({ ...s, status: 'saving' }));
    const attempt = saveReportDraft(examId, name, {
      content: values.content,
      isCritical: values.isCritical,
      version: version.current,
    }).then(
      (draft) => {
        version.current = draft.version;
        setState(
          unsaved.current
            ? { status: 'pending', savedAt: draft.updatedAt }
            : { status: 'saved', savedAt: draft.updatedAt },
        );
      },
      (error: unknown) => {
        // Keep what failed unless something newer is already waiting.
        unsaved.current ??= values;
        const conflict = error instanceof ApiError && error.status === 409;
        setState((s) => ({
          ...s,
          status: conflict ? 'conflict' : 'error',
          message: error instanceof ApiError ? error.message : undefined,
        }));
      },
    );
    running.current = attempt.finally(() => {
      running.current = null;
    });
    await running.current;
  }, [examId, name]);

  /** A change: saved once the reader pauses. */
  const schedule = useCallback(
    (values: ReportFormValues) => {
      unsaved.current = values;
      stopped.current = false;
      setState((s) => (s.status === 'conflict' ? s : { ...s, status: 'pending' }));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    },
    [saveNow],
  );

  /** Before Finish: nothing more is saved (Finish sends the text itself and removes the draft). */
  const stop = useCallback(async () => {
    stopped.current = true;
    window.clearTimeout(timer.current);
    if (running.current) await running.current;
  }, []);

  /** After a conflict: save these values over the draft version now on the server. */
  const overwrite = useCallback(
    async (serverVersion: number, values: ReportFormValues) => {
      version.current = serverVersion;
      unsaved.current = values;
      stopped.current = false;
      await saveNow();
    },
    [saveNow],
  );

  /** After a conflict: take the server's draft (its version) and forget what was not saved. */
  const adopt = useCallback((serverVersion: number, savedAt?: string) => {
    version.current = serverVersion;
    unsaved.current = null;
    setState(savedAt ? { status: 'saved', savedAt } : { status: 'idle' });
  }, []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (unsaved.current || running.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.clearTimeout(timer.current);
    };
  }, []);

  return { state, schedule, saveNow, stop, overwrite, adopt };
}

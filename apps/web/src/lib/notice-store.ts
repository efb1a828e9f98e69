import { useSyncExternalStore } from 'react';

export type NoticeSeverity = 'success' | 'info' | 'warning';

/** A short notice on screen (UI guide: success as a short snackbar); errors go to the global alert instead. */
export interface Notice {
  id: number;
  text: string;
  severity: NoticeSeverity;
}

/** One snackbar's notices: show, dismiss, and the hook its snackbar reads. */
export interface NoticeStore {
  show: (text: string, severity?: NoticeSeverity) => void;
  /** Clears the notice if it is still the one shown (a newer one stays). */
  dismiss: (id: number) => void;
  /** The notice shown now, for code outside React. */
  current: () => Notice | null;
  useNotice: () => Notice | null;
}

/**
 * A tiny store outside React, so dialogs and mutations can announce without threading callbacks around, and a
 * notice raised on one page survives the navigation to the next (the patient form's "Sucess" shown on the search).
 */
export function createNoticeStore(): NoticeStore {
  let current: Notice | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    show: (text, severity = 'success') => {
      current = { id: nextId++, text, severity };
      emit();
    },
    dismiss: (id) => {
      if (current?.id !== id) return;
      current = null;
      emit();
    },
    current: () => current,
    useNotice: () => useSyncExternalStore(subscribe, () => current),
  };
}

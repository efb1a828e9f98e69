import { useSyncExternalStore } from 'react';

/**
 * The short success snackbar after an action (UI guide: success as a short snackbar). A tiny store outside React,
 * like the global error alert's, so dialogs and mutations can announce without threading callbacks around.
 */
interface SuccessMessage {
  id: number;
  text: string;
}

let current: SuccessMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function announceSuccess(text: string): void {
  current = { id: nextId++, text };
  emit();
}

export function dismissSuccess(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSuccessMessage(): SuccessMessage | null {
  return useSyncExternalStore(subscribe, () => current);
}

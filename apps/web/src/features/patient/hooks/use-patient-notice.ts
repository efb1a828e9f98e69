import { useSyncExternalStore } from 'react';

/**
 * Short notices of the patient screens (UI guide: success as a short snackbar). Outside React so a notice raised
 * on the form survives the navigation back to the search page (spec §4: after saving, "Sucess" and /patient).
 */
export type NoticeSeverity = 'success' | 'info' | 'warning';

export interface PatientNotice {
  id: number;
  text: string;
  severity: NoticeSeverity;
}

let current: PatientNotice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showPatientNotice(text: string, severity: NoticeSeverity = 'success'): void {
  current = { id: nextId++, text, severity };
  emit();
}

export function dismissPatientNotice(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePatientNotice(): PatientNotice | null {
  return useSyncExternalStore(subscribe, () => current);
}

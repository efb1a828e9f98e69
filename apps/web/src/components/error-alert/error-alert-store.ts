import { useSyncExternalStore } from 'react';

/**
 * Messages waiting for the global error alert. Lives outside React so the query cache and plain
 * functions can raise an alert. An empty string stands for "no server message" (shown as the generic text).
 */
let queue: readonly string[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showErrorAlert(message: string | undefined): void {
  const text = message?.trim() ?? '';
  // When the server is down every open query fails at once; one alert per distinct message is enough.
  if (queue.includes(text)) return;
  queue = [...queue, text];
  emit();
}

export function dismissErrorAlert(): void {
  queue = queue.slice(1);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message to show now, or null when there is none. */
export function useCurrentErrorAlert(): string | null {
  return useSyncExternalStore(subscribe, () => queue[0] ?? null);
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardReadError, probeCardReader, readCard, type CardReaderProbe } from '../api/card-reader';
import { HelperError } from '../api/helper-fetch';
import type { CardData } from '../lib/card-data';

/** Spec §4/§9: with the helper missing, a prompt to install it, then a check every second until it answers. */
export const CARD_READER_POLL_MS = 1000;

export type CardReaderPhase = 'idle' | 'reading' | 'install';

/** A read's outcome: the card, or why not (`message` null when the user cancelled the install prompt). */
export type CardReadResult = { ok: true; card: CardData } | { ok: false; message: string | null };

export interface CardReader {
  /** An ID-card reader address is configured (spec §2: the card search shows only then). */
  configured: boolean;
  /** The helper answered the last check. */
  installed: boolean;
  phase: CardReaderPhase;
  /** What went wrong with the last read (no card, unreadable, mismatch…), for the reader's message dialog. */
  error: string | null;
  /** Reads the card, waiting through the install prompt when needed; a failure also opens the message dialog. */
  read: () => Promise<CardReadResult>;
  cancelInstall: () => void;
  showError: (message: string) => void;
  clearError: () => void;
}

/**
 * `probeOnMount`: the form checks for the reader when it opens (spec §4), to know before the click; the search page
 * only asks when the card search is used.
 */
export function useCardReader(
  readerUrl: string | null,
  { probeOnMount = true }: { probeOnMount?: boolean } = {},
): CardReader {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<CardReaderPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const waiting = useRef<((probe: CardReaderProbe | null) => void) | null>(null);
  const queryKey = ['card-reader', 'probe', readerUrl] as const;

  // Spec §4: the form checks for a card reader on first load; while the install prompt is up, every second.
  const probe = useQuery({
    queryKey,
    queryFn: ({ signal }) => probeCardReader(readerUrl!, signal),
    enabled: readerUrl !== null && (probeOnMount || phase === 'install'),
    refetchInterval: phase === 'install' ? CARD_READER_POLL_MS : false,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
    meta: { errorAlert: false },
  });

  useEffect(() => {
    if (phase === 'install' && probe.data?.installed && waiting.current) {
      waiting.current(probe.data);
      waiting.current = null;
    }
  }, [phase, probe.data]);

  // Leaving the screen with the prompt open ends the wait.
  useEffect(() => () => waiting.current?.(null), []);

  const read = useCallback(async (): Promise<CardReadResult> => {
    if (!readerUrl) return { ok: false, message: null };
    setError(null);
    setPhase('reading');
    try {
      let found = await queryClient.fetchQuery({
        queryKey,
        queryFn: ({ signal }) => probeCardReader(readerUrl, signal),
        staleTime: 0,
      });
      if (!found.installed) {
        setPhase('install');
        const after = await new Promise<CardReaderProbe | null>((resolve) => {
          waiting.current = resolve;
        });
        if (!after?.installed) {
          setPhase('idle');
          return { ok: false, message: null };
        }
        found = after;
        setPhase('reading');
      }
      if (!found.installed) return { ok: false, message: null };
      const card = await readCard(readerUrl, found.protocol);
      setPhase('idle');
      return { ok: true, card };
    } catch (cause) {
      setPhase('idle');
      const message =
        cause instanceof CardReadError
          ? cause.kind === 'no-card'
            ? t('patient.card.noCard')
            : t('patient.card.unreadable')
          : cause instanceof HelperError
            ? t('patient.card.helperFailed')
            : t('patient.card.unreadable');
      setError(message);
      return { ok: false, message };
    }
    // queryKey is rebuilt from readerUrl each render; readerUrl is its only input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, readerUrl, t]);

  const cancelInstall = useCallback(() => {
    waiting.current?.(null);
    waiting.current = null;
    setPhase('idle');
  }, []);

  return {
    configured: readerUrl !== null,
    installed: probe.data?.installed === true,
    phase,
    error,
    read,
    cancelInstall,
    showError: setError,
    clearError: useCallback(() => setError(null), []),
  };
}

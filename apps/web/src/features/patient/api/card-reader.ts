import { normalizeCard, type CardData } from '../lib/card-data';
import { helperGet, HelperError } from './helper-fetch';

/**
 * The ID-card reader helper on the workstation (spec §7): either GET api/check + GET api/fetch, or the other
 * helper's GET environment + GET smartcard/read?readImageFlag=false (pid and image). Which one is installed is
 * found by asking api/check first, then environment.
 */
export type CardReaderProtocol = 'api' | 'smartcard';

export type CardReaderProbe =
  { installed: false } | { installed: true; protocol: CardReaderProtocol; cardPresent: boolean | null };

const PROBE_TIMEOUT_MS = 2500;
const READ_TIMEOUT_MS = 15_000;

export class CardReadError extends Error {
  override readonly name = 'CardReadError';
  constructor(
    readonly kind: 'no-card' | 'unreadable',
    readonly helperMessage: string | null = null,
  ) {
    super(kind);
  }
}

function cardPresentOf(data: unknown): boolean | null {
  if (data && typeof data === 'object' && 'cardPresent' in data) return Boolean(data.cardPresent);
  return null;
}

export async function probeCardReader(readerUrl: string, signal?: AbortSignal): Promise<CardReaderProbe> {
  try {
    const check = await helperGet<unknown>(`${readerUrl}api/check`, PROBE_TIMEOUT_MS, signal);
    if (check.status !== 404) return { installed: true, protocol: 'api', cardPresent: cardPresentOf(check.body.data) };
  } catch (error) {
    if (!(error instanceof HelperError)) throw error;
    if (error.kind === 'unreachable' || error.kind === 'timeout') return { installed: false };
  }
  try {
    const env = await helperGet<unknown>(`${readerUrl}environment`, PROBE_TIMEOUT_MS, signal);
    if (env.status !== 404)
      return { installed: true, protocol: 'smartcard', cardPresent: cardPresentOf(env.body.data) };
  } catch (error) {
    if (!(error instanceof HelperError)) throw error;
  }
  return { installed: false };
}

/** Reads the card in the reader; throws CardReadError (no card, unreadable) or HelperError (helper gone). */
export async function readCard(
  readerUrl: string,
  protocol: CardReaderProtocol,
  signal?: AbortSignal,
): Promise<CardData> {
  const path = protocol === 'api' ? 'api/fetch' : 'smartcard/read?readImageFlag=false';
  const { body } = await helperGet<Record<string, unknown>>(`${readerUrl}${path}`, READ_TIMEOUT_MS, signal);
  if (!body.success || !body.data) {
    const message = body.message?.trim() || null;
    throw new CardReadError(message && /ไม่พบบัตร|no card|insert/i.test(message) ? 'no-card' : 'unreadable', message);
  }
  const card = normalizeCard(body.data);
  if (!card) throw new CardReadError('unreadable');
  return card;
}

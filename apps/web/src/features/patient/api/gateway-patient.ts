import { helperGet, HelperError } from './helper-fetch';

/** Spec §8 Bad input: a slow or silent gateway gives up after this long, with a message. */
export const GATEWAY_TIMEOUT_MS = 5000;

export type GatewayLookup =
  { kind: 'found'; data: Record<string, unknown> } | { kind: 'not-found'; message: string | null };

/**
 * GET {gatewayUrl}api/patient/hn/{hn} (spec §7 Gateway): the hospital's record for an HN.
 * success with data: found; success false or no data: not found, with the gateway's message (spec §8: shown, or ไม่พบข้อมูล).
 * Time-outs and connection failures throw HelperError.
 */
export async function lookUpGatewayPatient(
  gatewayUrl: string,
  hn: string,
  signal?: AbortSignal,
): Promise<GatewayLookup> {
  const { status, body } = await helperGet<Record<string, unknown> | null>(
    `${gatewayUrl}api/patient/hn/${encodeURIComponent(hn.trim())}`,
    GATEWAY_TIMEOUT_MS,
    signal,
  );
  if (body.success && body.data && typeof body.data === 'object') return { kind: 'found', data: body.data };
  if (status === 404 || body.success === false || !body.data)
    return { kind: 'not-found', message: body.message?.trim() || null };
  throw new HelperError('bad-answer', status);
}

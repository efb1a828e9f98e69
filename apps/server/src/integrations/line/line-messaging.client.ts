import { LINE_TIMEOUT_MS } from './line-login.client';

/** What a push came to: sent, refused for good (a bad recipient or token: no retry), or worth another try. */
export type PushOutcome = 'sent' | 'refused' | 'retry';

/**
 * POST {apiUrl}/v2/bot/message/push with the channel access token: one text message to one LINE user. `retryKey` (a
 * UUID, the same on every try) is LINE's X-Line-Retry-Key: a retry of a push LINE already took answers 409 and sends
 * nothing again. Never throws; 429 and 5xx (and no answer) are worth retrying, other refusals are not.
 */
export async function pushText(
  s: { apiUrl: string; channelToken: string },
  to: string,
  text: string,
  retryKey: string,
): Promise<{ outcome: PushOutcome; status: number | null }> {
  try {
    const res = await fetch(`${s.apiUrl}/v2/bot/message/push`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${s.channelToken}`,
        'x-line-retry-key': retryKey,
      },
      body: JSON.stringify({ to, messages: [{ type: 'text', text }] }),
      redirect: 'manual',
      signal: AbortSignal.timeout(LINE_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    // 409 with a retry key: an earlier try of this same push was accepted.
    if (res.ok || res.status === 409) return { outcome: 'sent', status: res.status };
    return { outcome: res.status === 429 || res.status >= 500 ? 'retry' : 'refused', status: res.status };
  } catch {
    return { outcome: 'retry', status: null };
  }
}

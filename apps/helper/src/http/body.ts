import type { IncomingMessage } from 'node:http';
import { MSG } from '../messages';
import { Refusal } from './reply';

/** Protocol: bodies are JSON, at most 16 KiB. */
export const BODY_LIMIT = 16 * 1024;

/** Reads a JSON object body: 413 past the limit (reading stops there), 400 for anything not a JSON object. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) throw new Refusal(413, MSG.tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new Refusal(413, MSG.tooLarge);
    chunks.push(chunk);
  }
  if (type !== 'application/json') throw new Refusal(400, MSG.badJson);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, MSG.badJson);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refusal(400, MSG.badJson);
  return value as Record<string, unknown>;
}

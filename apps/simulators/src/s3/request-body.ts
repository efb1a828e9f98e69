import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { S3Error } from './s3-error';
import { EMPTY_SHA256, type PayloadMode } from './signature-v4';

/** A request without an object body: what it sent must still match its signed payload hash. */
export async function consumeBody(req: IncomingMessage, payload: PayloadMode): Promise<void> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new S3Error(400, 'MaxMessageLengthExceeded', 'Your request was too big.');
    hash.update(chunk as Buffer);
  }
  if (payload.kind === 'signed') {
    const computed = size === 0 ? EMPTY_SHA256 : hash.digest('hex');
    if (computed !== payload.sha256) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
        {
          ClientComputedContentSHA256: payload.sha256,
          S3ComputedContentSHA256: computed,
        },
      );
    }
  }
}

export async function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      // Past this, the connection is dropped rather than reading a huge refused body.
      if (size > 64 * 1024 * 1024) {
        req.destroy();
        return;
      }
    }
  } catch {
    // The client went away.
  }
}

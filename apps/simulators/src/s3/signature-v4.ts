import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { S3Error } from './s3-error';

/** How a request declared its payload in x-amz-content-sha256. */
export type PayloadMode =
  { kind: 'signed'; sha256: string } | { kind: 'unsigned' } | { kind: 'streaming-unsigned-trailer' };

export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export interface SignatureContext {
  region: string;
  credentials: Record<string, string>;
  now: Date;
  maxSkewMs: number;
}

/** Checks the Authorization header as S3 does; returns how the payload was declared. Throws S3Error otherwise. */
export function verifySignature(
  req: IncomingMessage,
  method: string,
  segments: string[],
  query: [string, string][],
  ctx: SignatureContext,
): PayloadMode {
  if (query.some(([k]) => k === 'X-Amz-Algorithm' || k === 'X-Amz-Signature')) {
    throw new S3Error(501, 'NotImplemented', 'Query-string (presigned URL) authentication is not simulated');
  }
  const authorization = req.headers.authorization;
  if (!authorization) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const match = /^AWS4-HMAC-SHA256\s+(.+)$/.exec(authorization);
  if (!match)
    throw new S3Error(400, 'InvalidArgument', 'Unsupported Authorization Type', { ArgumentName: 'Authorization' });
  const fields = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signedHeadersField = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signedHeadersField || !signature) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; it must name Credential, SignedHeaders and Signature.',
    );
  }
  const scopeParts = credential.split('/');
  if (scopeParts.length < 5)
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the Credential is mal-formed.',
    );
  const [date, region, service, terminator] = scopeParts.slice(-4) as [string, string, string, string];
  const accessKeyId = scopeParts.slice(0, -4).join('/');
  const secret = Object.hasOwn(ctx.credentials, accessKeyId) ? ctx.credentials[accessKeyId] : undefined;
  if (secret === undefined) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', {
      AWSAccessKeyId: accessKeyId,
    });
  }
  if (service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the credential scope must end in s3/aws4_request.',
    );
  }
  if (region !== ctx.region) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${region}' is wrong; expecting '${ctx.region}'`,
      { Region: ctx.region },
    );
  }
  const amzDate = header(req, 'x-amz-date');
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate))
    throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (date !== amzDate.slice(0, 8)) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; Invalid credential date. Date is not the same as X-Amz-Date: "${date}".`,
    );
  }
  const requestTime = Date.UTC(
    +amzDate.slice(0, 4),
    +amzDate.slice(4, 6) - 1,
    +amzDate.slice(6, 8),
    +amzDate.slice(9, 11),
    +amzDate.slice(11, 13),
    +amzDate.slice(13, 15),
  );
  if (Math.abs(requestTime - ctx.now.getTime()) > ctx.maxSkewMs) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      {
        RequestTime: amzDate,
        ServerTime: ctx.now.toISOString(),
        MaxAllowedSkewMilliseconds: String(ctx.maxSkewMs),
      },
    );
  }
  const signedHeaders = signedHeadersField.split(';');
  if (!signedHeaders.includes('host') || signedHeaders.some((h) => h !== h.toLowerCase() || !h)) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; SignedHeaders must be lower case and include host.',
    );
  }
  const contentSha = header(req, 'x-amz-content-sha256');
  if (!contentSha)
    throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  let payload: PayloadMode;
  if (/^[0-9a-f]{64}$/.test(contentSha)) payload = { kind: 'signed', sha256: contentSha };
  else if (contentSha === 'UNSIGNED-PAYLOAD') payload = { kind: 'unsigned' };
  else if (contentSha === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') payload = { kind: 'streaming-unsigned-trailer' };
  else if (contentSha.startsWith('STREAMING-'))
    throw new S3Error(501, 'NotImplemented', `The simulator does not verify ${contentSha} (signed chunks)`);
  else
    throw new S3Error(
      400,
      'InvalidArgument',
      'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER or a valid sha256 value.',
      { ArgumentName: 'x-amz-content-sha256' },
    );
  const all = headerValues(req);
  const unsigned = [...all.keys()].filter((h) => h.startsWith('x-amz-') && !signedHeaders.includes(h));
  if (unsigned.length) {
    throw new S3Error(403, 'AccessDenied', 'There were headers present in the request which were not signed', {
      HeadersNotSigned: unsigned.join(', '),
    });
  }

  const canonicalUri = segments.map(uriEncode).join('/') || '/';
  const canonicalQuery = query
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((h) => `${h}:${(all.get(h) ?? []).map((v) => v.trim().replace(/\s+/g, ' ')).join(',')}\n`)
    .join('');
  const canonicalRequest = [
    method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeadersField,
    contentSha,
  ].join('\n');
  const scope = `${date}/${region}/${service}/${terminator}`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${secret}`, date);
  for (const part of [region, service, terminator]) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      {
        AWSAccessKeyId: accessKeyId,
        StringToSign: stringToSign,
        SignatureProvided: signature,
        CanonicalRequest: canonicalRequest,
      },
    );
  }
  return payload;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded, upper-case hex. */
function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Every header as sent (repeated ones kept apart), by lower-case name. */
function headerValues(req: IncomingMessage): Map<string, string[]> {
  const all = new Map<string, string[]>();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const list = all.get(name);
    if (list) list.push(req.rawHeaders[i + 1]!);
    else all.set(name, [req.rawHeaders[i + 1]!]);
  }
  return all;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

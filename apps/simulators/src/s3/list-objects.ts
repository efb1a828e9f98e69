import type { ServerResponse } from 'node:http';
import type { ObjectMeta, ObjectStore } from './object-store';
import { S3Error, sendXml, XML_NS, xmlEscape } from './s3-error';

/** ListObjectsV2, or the original ListObjects (marker instead of continuation-token) when `v1`. */
export async function listObjects(
  store: ObjectStore,
  res: ServerResponse,
  bucket: string,
  query: URLSearchParams,
  v1: boolean,
): Promise<void> {
  await store.requireBucket(bucket);
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const maxKeysRaw = query.get('max-keys');
  const maxKeys = maxKeysRaw === null ? 1000 : Number(maxKeysRaw);
  if (!Number.isInteger(maxKeys) || maxKeys < 0)
    throw new S3Error(400, 'InvalidArgument', 'max-keys must be a non-negative integer', {
      ArgumentName: 'max-keys',
    });
  const encodingType = query.get('encoding-type');
  if (encodingType !== null && encodingType !== 'url')
    throw new S3Error(400, 'InvalidArgument', 'Invalid Encoding Method specified in Request', {
      ArgumentName: 'encoding-type',
    });
  const token = v1 ? null : query.get('continuation-token');
  let after = (v1 ? query.get('marker') : query.get('start-after')) ?? '';
  if (token !== null) {
    after = Buffer.from(token, 'base64url').toString('utf8');
    if (!token || Buffer.from(after, 'utf8').toString('base64url') !== token)
      throw new S3Error(400, 'InvalidArgument', 'The continuation token provided is incorrect', {
        ArgumentName: 'continuation-token',
      });
  }
  const metas = await store.list(bucket);
  // S3 lists in UTF-8 binary order.
  const byKey = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  const candidates = metas
    .filter((m) => m.key.startsWith(prefix) && (!after || byKey(m.key, after) > 0))
    .sort((a, b) => byKey(a.key, b.key));
  const contents: ObjectMeta[] = [];
  const commonPrefixes: string[] = [];
  let truncated = false;
  let last = '';
  for (const m of candidates) {
    let common: string | null = null;
    if (delimiter) {
      const at = m.key.indexOf(delimiter, prefix.length);
      if (at >= 0) common = m.key.slice(0, at + delimiter.length);
    }
    if (common !== null && commonPrefixes[commonPrefixes.length - 1] === common) continue;
    if (contents.length + commonPrefixes.length >= maxKeys) {
      truncated = true;
      break;
    }
    if (common !== null) {
      commonPrefixes.push(common);
      // The next page starts after every key of this prefix.
      last = `${common}\u{10FFFF}`;
    } else {
      contents.push(m);
      last = m.key;
    }
  }
  const enc = (s: string) => xmlEscape(encodingType === 'url' ? encodeURIComponent(s) : s);
  const pagination = v1
    ? [
        `<Marker>${enc(query.get('marker') ?? '')}</Marker>`,
        truncated && delimiter ? `<NextMarker>${enc(last)}</NextMarker>` : '',
      ]
    : [
        `<KeyCount>${contents.length + commonPrefixes.length}</KeyCount>`,
        token !== null ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : '',
        truncated
          ? `<NextContinuationToken>${Buffer.from(last, 'utf8').toString('base64url')}</NextContinuationToken>`
          : '',
        query.has('start-after') ? `<StartAfter>${enc(query.get('start-after') ?? '')}</StartAfter>` : '',
      ];
  const xml = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<ListBucketResult xmlns="${XML_NS}">`,
    `<Name>${xmlEscape(bucket)}</Name><Prefix>${enc(prefix)}</Prefix>`,
    delimiter ? `<Delimiter>${enc(delimiter)}</Delimiter>` : '',
    `<MaxKeys>${maxKeys}</MaxKeys>`,
    encodingType ? `<EncodingType>url</EncodingType>` : '',
    `<IsTruncated>${truncated}</IsTruncated>`,
    ...pagination,
    ...contents.map(
      (m) =>
        `<Contents><Key>${enc(m.key)}</Key><LastModified>${m.lastModified}</LastModified><ETag>${xmlEscape(m.etag)}</ETag><Size>${m.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    ),
    ...commonPrefixes.map((p) => `<CommonPrefixes><Prefix>${enc(p)}</Prefix></CommonPrefixes>`),
    `</ListBucketResult>`,
  ].join('');
  sendXml(res, 200, xml);
}

import type { Readable } from 'node:stream';
import { rewriteStored, rewriteTo, type Rewrite } from '../../transcode/rewrite-dataset';
import { TS } from '../../uids';
import { coerceStored } from '../../identity/coerce-stored';
import type { RetrievableInstance } from './archive-get';

/** How an instance goes on a C-STORE sub-operation: the context, and the rewrite its stored syntax needs (or none). */
export interface SubOperationRoute {
  pcId: number;
  rewrite: Rewrite | null;
}

/**
 * The data set one sub-operation sends: the stored Part-10 file, streamed and sent from its data set on, byte for byte;
 * or the data set rewritten in memory for the context's syntax.
 */
export type OutgoingDataset = { kind: 'stored'; file: Readable } | { kind: 'rewritten'; bytes: Buffer };

/**
 * The context an instance goes on, and how: as stored when the peer took its syntax; else decompressed, inflated or
 * byte-swapped to explicit (or implicit) VR little endian, or an uncompressed little-endian file in the other VR
 * encoding. Null: it cannot go (a syntax the peer did not take and we cannot rewrite, such as 12-bit colour JPEG).
 */
export function routeOf(
  contextFor: (sopClassUid: string, transferSyntaxUid: string) => number | null,
  instance: Pick<RetrievableInstance, 'sopClassUid' | 'transferSyntaxUid'>,
): SubOperationRoute | null {
  const { sopClassUid: sop, transferSyntaxUid: ts } = instance;
  const asStored = contextFor(sop, ts);
  if (asStored !== null) return { pcId: asStored, rewrite: null };
  for (const wanted of [TS.explicitLE, TS.implicitLE]) {
    const pcId = contextFor(sop, wanted);
    const how = pcId === null ? null : rewriteTo(ts, wanted);
    if (pcId !== null && how) return { pcId, rewrite: how };
  }
  return null;
}

/**
 * The bytes that leave Rangsi for this sub-operation of a C-GET or C-MOVE: the one place they are decided, so that a
 * step changing what is sent (identity coercion) goes here. Null when the instance has no hot file (archived, gone) or
 * cannot be rewritten (undecodable, past the rewrite or inflate limits).
 */
export async function datasetToSend(
  instance: RetrievableInstance,
  route: SubOperationRoute,
): Promise<OutgoingDataset | null> {
  // A reconciled study's file leaves with its exam's patient and accession patched in, then goes as any other (io31).
  const file = await coerceStored(await instance.open(), instance.identity);
  if (!file) return null;
  if (!route.rewrite) return { kind: 'stored', file };
  const bytes = await rewriteStored(file, route.rewrite);
  file.destroy();
  return bytes ? { kind: 'rewritten', bytes } : null;
}

import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateLimit } from '../parse/inflate-limits';
import { dataSetInflater, type InflationEvent } from '../parse/inflater';
import { buildDeflateBomb, buildDeflated, datasetStart } from '../testing/deflated';
import { explicitToImplicit } from './explicit-to-implicit';
import { MAX_REWRITE_SOURCE, rewriteStored, rewriteTo } from './rewrite-dataset';
import { TS } from '../uids';

const stream = (b: Buffer) => Readable.from([b.subarray(0, 100), b.subarray(100)]);

describe(rewriteStored.name, () => {
  it('inflates a deflated data set for a peer without deflate, and refuses a deflate bomb within the SEC30 limit', async () => {
    expect(rewriteTo(TS.deflate, TS.explicitLE)).toBe('inflate');
    expect(rewriteTo(TS.deflate, TS.implicitLE)).toBe('inflate-implicit');
    const file = buildDeflated({ rows: 64, columns: 64 }).bytes;
    const explicit = zlib.inflateRawSync(file.subarray(datasetStart(file)));
    expect((await rewriteStored(stream(file), 'inflate'))!.equals(explicit)).toBe(true);
    expect((await rewriteStored(stream(file), 'inflate-implicit'))!.equals(explicitToImplicit(explicit)!)).toBe(true);

    // 96 MiB of zeros in well under a MiB: past max(32 MiB, 50 × its size), and past the rewrite ceiling.
    const bomb = buildDeflateBomb({ rows: 4096, columns: 4096, frames: 6 });
    const seen: InflationEvent[] = [];
    const stop = dataSetInflater.observe((e) => seen.push(e));
    try {
      expect(await rewriteStored(stream(bomb.bytes), 'inflate')).toBeNull();
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]!.outcome).toBe('too-large');
    const deflated = bomb.bytes.length - datasetStart(bomb.bytes);
    expect(seen[0]!.limit).toBe(inflateLimit(deflated, MAX_REWRITE_SOURCE));
    expect(seen[0]!.limit).toBeLessThanOrEqual(MAX_REWRITE_SOURCE);
  });
});

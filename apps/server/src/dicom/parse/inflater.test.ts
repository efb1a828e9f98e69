import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDeflateBomb, datasetStart } from '../testing/deflated';
import { INFLATE_FLOOR_BYTES, INFLATE_MAX_BYTES, inflateLimit } from './inflate-limits';
import { DataSetInflater, type InflationEvent } from './inflater';

const MiB = 1 << 20;

describe(inflateLimit.name, () => {
  it('allows the floor to any data set, 50× above it, never past the instance limit or the in-memory ceiling', () => {
    expect(inflateLimit(4_303)).toBe(INFLATE_FLOOR_BYTES);
    expect(inflateLimit(2 * MiB)).toBe(100 * MiB);
    expect(inflateLimit(100 * MiB)).toBe(INFLATE_MAX_BYTES);
    expect(inflateLimit(2 * MiB, 64 * MiB)).toBe(64 * MiB);
  });
});

describe(DataSetInflater.name, () => {
  const sut = new DataSetInflater();
  const events: InflationEvent[] = [];
  sut.observe((e) => events.push(e));
  afterAll(() => sut.close());

  it('inflates within the limit, refuses past it or a broken stream, and tells its observers each time', async () => {
    const bomb = buildDeflateBomb({ rows: 512, columns: 1024, frames: 128 }).bytes; // 64 MiB of zeros
    const deflated = bomb.subarray(datasetStart(bomb));
    const whole = await sut.inflate(deflated, 64 * MiB + 4096);
    expect(whole.ok && whole.bytes.length).toBeGreaterThan(64 * MiB);
    expect(await sut.inflate(deflated, 32 * MiB)).toEqual({ ok: false, code: 'too-large' });
    expect(await sut.inflate(Buffer.from('not a deflate stream'), MiB)).toEqual({ ok: false, code: 'corrupt' });
    expect(events.map((e) => e.outcome)).toEqual(['inflated', 'too-large', 'corrupt']);
    expect(deflated.byteLength).toBeGreaterThan(0); // a view into a caller's buffer is copied, never taken
  });

  it('takes a buffer it is handed over instead of copying it', async () => {
    const mine = new Uint8Array(zlib.deflateRawSync(Buffer.from('a data set')));
    const r = await sut.inflate(mine, MiB, { handOver: true });
    expect(r.ok && r.bytes.toString()).toBe('a data set');
    expect(mine.byteLength).toBe(0);
  });
});

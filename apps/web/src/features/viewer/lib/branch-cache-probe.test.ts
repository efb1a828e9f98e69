import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBranchCacheSimulator } from '../../../../../simulators/src/branch-cache-simulator';
import { BRANCH_CACHE_TIMEOUT_MS, probeBranchCache } from './branch-cache-probe';
import { frameUrl } from './frame-url';

const target = { studyId: 'st-1', seriesId: 'se-1', orientation: '1,0,0,0,1,0' };
let server: Server;
let base: string;

async function simState(patch: Record<string, unknown>) {
  const res = await fetch(`${base}__sim/state`, { method: 'POST', body: JSON.stringify(patch) });
  return (await res.json()) as { requests: string[] };
}

beforeAll(async () => {
  server = await startBranchCacheSimulator(0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(async () => {
  await simState({ reset: true });
});

describe('branch image cache probe (spec §7, §8)', () => {
  it('uses a cache that names BRANCH_CACHE and holds the series, asking features then check/{study}/{series}/{orientation}', async () => {
    expect(await probeBranchCache(base, target)).toBe(true);
    expect((await simState({})).requests).toEqual([
      '/features',
      `/check/st-1/se-1/${encodeURIComponent('1,0,0,0,1,0')}`,
    ]);
  });

  it('works without the trailing slash and with a series that has no orientation', async () => {
    expect(await probeBranchCache(base.slice(0, -1), { ...target, orientation: null })).toBe(true);
    expect((await simState({})).requests.at(-1)).toBe('/check/st-1/se-1/');
  });

  it('does not call check when features lacks BRANCH_CACHE', async () => {
    await simState({ features: 'PATIENT_HN_IMPORT' });
    expect(await probeBranchCache(base, target)).toBe(false);
    expect((await simState({})).requests).toEqual(['/features']);
  });

  it('falls back when the series is not held, the cache is down or not there', async () => {
    await simState({ cached: ['other'] });
    expect(await probeBranchCache(base, target)).toBe(false);
    await simState({ cached: null, down: true });
    expect(await probeBranchCache(base, target)).toBe(false);
    expect(await probeBranchCache('http://127.0.0.1:9/', target)).toBe(false);
  });

  it('gives up after 777 ms on a slow cache', async () => {
    await simState({ delayMs: 3000 });
    const started = performance.now();
    expect(await probeBranchCache(base, target)).toBe(false);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(BRANCH_CACHE_TIMEOUT_MS - 5);
    expect(took).toBeLessThan(BRANCH_CACHE_TIMEOUT_MS + 500);
  });
});

describe('frame address (spec §2)', () => {
  it('is {cache}DicomViewer/{examId}/{seriesId}/{orientation}?token', () => {
    expect(frameUrl('/', { examId: 'e1', seriesId: 's1', orientation: '1,0,0,0,1,0', token: 'a b' })).toBe(
      '/DicomViewer/e1/s1/1%2C0%2C0%2C0%2C1%2C0?token=a%20b',
    );
    expect(frameUrl('http://cache.local:8042', { examId: 'e1', seriesId: 's1', orientation: null, token: 't' })).toBe(
      'http://cache.local:8042/DicomViewer/e1/s1/?token=t',
    );
  });
});

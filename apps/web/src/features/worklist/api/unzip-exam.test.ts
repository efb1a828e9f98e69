import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followUnzip } from './unzip-exam';

const row = (zipStatus: string | null) => ({ success: true, data: { examId: 'e1', zipStatus, version: 3 } });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe(followUnzip.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the exam again until the job has reported, and hands back the new row', async () => {
    const answers = [row('Archive'), row('Archive'), row('Uploaded')];
    const fetchMock = vi.fn(async () => json(answers.shift()));
    vi.stubGlobal('fetch', fetchMock);
    const waits: number[] = [];
    const got = await followUnzip(new QueryClient(), 'e1', async (ms) => {
      waits.push(ms);
    });
    expect(got).toMatchObject({ examId: 'e1', zipStatus: 'Uploaded' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([2000, 2000, 2000]);
  });

  it('stops quietly when the exam can no longer be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, message: 'ไม่พบ' }, 404)),
    );
    vi.stubGlobal('window', { location: { pathname: '/pacs', search: '', hash: '', replace: vi.fn() } });
    await expect(followUnzip(new QueryClient(), 'e1', async () => undefined)).resolves.toBeUndefined();
  });
});

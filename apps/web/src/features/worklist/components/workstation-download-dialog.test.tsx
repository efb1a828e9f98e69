// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { examFixture } from '../testing/exam-fixture';
import { WorkstationDownloadDialog } from './workstation-download-dialog';

const HELPER = 'http://127.0.0.1:17580/cd/';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The workstation helper as the browser sees it (docs/design/rangsi-helper-protocol.md), scripted per test; the
 * server's token call answers a token. The real helper is driven end to end in e2e/specs/worklist-cd-radiant.spec.ts.
 */
function helper(script: { running: () => boolean; progress: () => unknown }) {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    calls.push(`${init?.method ?? 'GET'} ${url.replace(HELPER, '')}`);
    if (url.includes('/api/exam/')) return json({ success: true, data: { token: 'tok', expiresAt: '' } });
    if (!script.running()) throw new TypeError('Failed to fetch');
    if (url.endsWith('/check')) return json({ success: true, data: { ready: true, detail: '', version: '1.0.0' } });
    if (url.endsWith('/download')) return json({ success: true, data: {} }, 202);
    if (url.includes('download/check')) return json({ success: true, data: script.progress() });
    if (url.endsWith('/clear')) return json({ success: true, data: {} });
    return json({ success: false, message: 'unknown' }, 404);
  });
  vi.stubGlobal('fetch', fetchImpl);
  return { calls, fetchImpl };
}

const running = (done: number) => ({
  result: null,
  stage: 'downloading',
  progress: { done, total: 300 },
  message: '',
});

describe('Download DICOM to CD Folder (spec §2, §4, §8, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for a helper that is not running, then starts with the export token, polls each second, shows COMPLETED and clears', async () => {
    let up = false;
    let polls = 0;
    const { calls } = helper({
      running: () => up,
      progress: () =>
        ++polls < 3
          ? running(polls * 100)
          : { result: true, stage: 'done', progress: null, message: '', image: '/home/u/Rangsi/CD/ACC1.iso' },
    });
    const exam = examFixture({ accessionNumber: 'ACC1' });
    render(<WorkstationDownloadDialog service="cd" helperUrl={HELPER} exam={exam} onClose={() => undefined} />);

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('helper-not-running').textContent).toContain('Rangsi Helper');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls.filter((c) => c === 'GET check')).toHaveLength(2);

    up = true;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('workstation-download-progress').textContent).toContain('100 / 300');
    const start = calls.indexOf('POST download');
    expect(start).toBeGreaterThan(calls.findIndex((c) => c.includes('/api/exam/')));

    // One check a second, not faster.
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('workstation-download-progress').textContent).toContain('200 / 300');
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    const result = screen.getByTestId('workstation-download-result');
    expect(result.dataset.result).toBe('completed');
    expect(result.textContent).toContain('COMPLETED');
    expect(result.textContent).toContain('/home/u/Rangsi/CD/ACC1.iso');
    expect(calls.at(-1)).toBe('POST clear');
  });

  it('shows ERROR in red with the message and its line breaks, then clears', async () => {
    helper({
      running: () => true,
      progress: () => ({ result: false, stage: 'image', progress: null, message: 'ดิสก์เต็ม\nNo space left on device' }),
    });
    render(
      <WorkstationDownloadDialog service="radiant" helperUrl={HELPER} exam={examFixture()} onClose={() => undefined} />,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));

    const result = screen.getByTestId('workstation-download-result');
    expect(result.dataset.result).toBe('error');
    expect(result.textContent).toContain('ERROR');
    const message = screen.getByTestId('workstation-download-message');
    expect(message.textContent).toBe('ดิสก์เต็ม\nNo space left on device');
    expect(getComputedStyle(message).whiteSpace).toBe('pre-line');
  });

  it('names the RadiAnt action in its title, Thai first', async () => {
    helper({ running: () => true, progress: () => running(1) });
    render(
      <WorkstationDownloadDialog service="radiant" helperUrl={HELPER} exam={examFixture()} onClose={() => undefined} />,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('dialog').textContent).toMatch(/ดาวน์โหลดไปยัง RadiAnt \(Download to RadiAnt\)/);
  });
});

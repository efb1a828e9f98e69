// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { DownloadImagesButton } from './download-images-button';

const urls = { exportCheckUrl: '/dicom/export/E1/check?token=T', exportUrl: '/dicom/export/E1?token=T' };

/** The check as the server answers it: preparing once, then ready with the count left out; every address asked kept. */
function stubServer(leftOutCount: number) {
  const asked: string[] = [];
  let checks = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      checks += 1;
      const body =
        checks === 1
          ? { success: true, data: null, progress: { done: 1, total: 3 } }
          : { success: true, data: { leftOutCount, instanceCount: 3, fileName: 'A.zip', url: '/x' } };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DownloadImagesButton images={urls} />
    </QueryClientProvider>,
  );
}

describe('DownloadImagesButton (issue 27: the export format chosen where the download is offered)', () => {
  let saved: string[];
  beforeEach(() => {
    vi.unstubAllGlobals();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.getAttribute('href')!);
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('downloads as stored unless told otherwise: the addresses the link gave, unchanged', async () => {
    const asked = stubServer(0);
    renderButton();
    expect(screen.getByRole('combobox', { name: 'รูปแบบไฟล์ (File format)' }).textContent).toBe('ตามที่เก็บ (as stored)');
    fireEvent.click(screen.getByTestId('public-link-download'));
    await vi.waitFor(() => expect(saved).toEqual([urls.exportUrl]));
    expect(new Set(asked)).toEqual(new Set([urls.exportCheckUrl]));
    expect(screen.queryByTestId('public-link-left-out')).toBeNull();
  });

  it('asks the check and the download for STD-GEN-CD once chosen, and says how many images the disc left out', async () => {
    const asked = stubServer(2);
    renderButton();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'รูปแบบไฟล์ (File format)' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('แผ่น CD ทั่วไป (STD-GEN-CD)'));
    fireEvent.click(screen.getByTestId('public-link-download'));
    await vi.waitFor(() => expect(saved).toEqual(['/dicom/export/E1?token=T&profile=STD-GEN-CD']));
    expect(new Set(asked)).toEqual(new Set(['/dicom/export/E1/check?token=T&profile=STD-GEN-CD']));
    expect((await screen.findByTestId('public-link-left-out')).textContent).toContain('ภาพ 2 ภาพแปลงเป็นแบบไม่บีบอัดไม่ได้');
  });
});

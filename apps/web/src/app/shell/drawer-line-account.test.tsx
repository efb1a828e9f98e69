// @vitest-environment happy-dom
import { CHAT_ACCOUNT_LINKED_MESSAGE } from '@rangsi/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { meQueryOptions } from '@/api/me';
import { DrawerLineAccount } from './drawer-line-account';

const json = (envelope: unknown, status = 200) =>
  new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });

/** The server as the drawer meets it: the claims (lineName), the site's dialog URL, and unlink. */
function stubServer(initial: { lineName: string | null; dialogUrl: string | null }) {
  const server = { ...initial, calls: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      server.calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/me')
        return json({ success: true, data: { displayName: 'นพ. ธนากร', lineName: server.lineName } });
      if (url === '/api/uidata/site')
        return json({ success: true, data: { siteName: 'Rangsi', lineLoginDialogUrl: server.dialogUrl } });
      if (url === '/api/chat-account/line/unlink') {
        server.lineName = null;
        return json({ success: true, message: 'ยกเลิกการเชื่อมต่อบัญชี LINE แล้ว', data: { lineName: null } });
      }
      return json({ success: false, message: 'ไม่พบข้อมูล' }, 404);
    }),
  );
  return server;
}

function Harness() {
  const me = useQuery(meQueryOptions);
  return me.data ? <DrawerLineAccount lineName={me.data.lineName} /> : null;
}

function renderDrawer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

const linkedMessage = (origin: string) =>
  new MessageEvent('message', { origin, data: { type: CHAT_ACCOUNT_LINKED_MESSAGE } });

describe('DrawerLineAccount', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('opens the LINE login popup, and shows the LINE name once the popup says it linked', async () => {
    const server = stubServer({ lineName: null, dialogUrl: '/api/chat-account/line/login' });
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    renderDrawer();
    fireEvent.click(await screen.findByText('เชื่อมต่อบัญชี LINE'));
    expect(open).toHaveBeenCalledWith(
      '/api/chat-account/line/login',
      'rangsi-line-login',
      expect.stringContaining('popup'),
    );
    server.lineName = 'หมอธนากร LINE';
    // A message from another site is not believed.
    act(() => void window.dispatchEvent(linkedMessage('https://evil.example')));
    expect(server.calls.filter((c) => c === 'GET /api/me')).toHaveLength(1);
    act(() => void window.dispatchEvent(linkedMessage(window.location.origin)));
    expect(await screen.findByText('LINE: หมอธนากร LINE')).toBeTruthy();
    expect(screen.queryByText('เชื่อมต่อบัญชี LINE')).toBeNull();
  });

  it('unlinks after the question, and offers the link again', async () => {
    const server = stubServer({ lineName: 'หมอธนากร LINE', dialogUrl: '/api/chat-account/line/login' });
    renderDrawer();
    fireEvent.click(await screen.findByRole('button', { name: 'ยกเลิกการเชื่อมต่อ LINE' }));
    const dialog = await screen.findByTestId('line-unlink-confirm');
    expect(within(dialog).getByText(/บัญชี LINE "หมอธนากร LINE" จะไม่ได้รับการแจ้งเตือน/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('line-unlink-confirm')).toBeNull());
    expect(server.calls).not.toContain('POST /api/chat-account/line/unlink');
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิกการเชื่อมต่อ LINE' }));
    fireEvent.click(within(await screen.findByTestId('line-unlink-confirm')).getByTestId('confirm-yes'));
    expect(await screen.findByText('เชื่อมต่อบัญชี LINE')).toBeTruthy();
    expect(server.calls).toContain('POST /api/chat-account/line/unlink');
    expect(screen.queryByText('LINE: หมอธนากร LINE')).toBeNull();
  });

  it('shows nothing when not linked and the site offers no login dialog', async () => {
    const server = stubServer({ lineName: null, dialogUrl: null });
    renderDrawer();
    await waitFor(() => expect(server.calls).toContain('GET /api/uidata/site'));
    await waitFor(() => expect(screen.queryByText('เชื่อมต่อบัญชี LINE')).toBeNull());
    expect(document.body.textContent).not.toContain('LINE');
  });
});

// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Me } from '@rangsi/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '@/api/me';
import '@/i18n/i18n';
import { DeleteRequestButton } from './delete-request-button';

const ME: Me = {
  userId: 'U1',
  username: 'staff',
  permissions: ['REQUEST_EDIT', 'REQUEST_DELETE'],
  displayName: 'กนกวรรณ แสงทอง',
  email: 'k@example.com',
  lineName: null,
  roleName: 'Staff',
  branchName: null,
  branchId: 1,
};

/** The server as the dialog meets it: the reasons, and a delete that answers `deleteAnswer`; the bodies posted kept. */
function stubServer(deleteAnswer: { status: number; body: object }) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (status: number, body: object) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/request/R1/deleteReason')
        return json(200, { success: true, data: { reasonOptions: ['ผู้ป่วยยกเลิกนัด', 'ส่งตรวจผิด'] } });
      if (url === '/api/request/R1/delete' && init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return json(deleteAnswer.status, deleteAnswer.body);
      }
      return json(404, { success: false });
    }),
  );
  return posted;
}

function ListStub() {
  const { state } = useLocation() as { state: { savedNotice?: string } | null };
  return <div data-testid="list">{state?.savedNotice}</div>;
}

function renderButton(me: Me = ME) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(meQueryOptions.queryKey, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/request/edit/R1']}>
        <Routes>
          <Route path="/request/edit/:id" element={<DeleteRequestButton requestId="R1" />} />
          <Route path="/request" element={<ListStub />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const confirm = () => screen.getByTestId<HTMLButtonElement>('delete-reason-confirm');

describe('the request form’s delete-reason dialog (spec §2, §5)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the reasons, keeps confirm disabled while the reason is empty, deletes and returns to the list', async () => {
    const posted = stubServer({ status: 200, body: { success: true, message: 'ลบรายการเรียบร้อยแล้ว' } });
    renderButton();
    fireEvent.click(screen.getByTestId('request-delete'));
    await screen.findByTestId('delete-reason-dialog');
    expect(screen.getByTestId('delete-reason-count').textContent).toBe(
      'ต้องการลบใบส่งตรวจนี้ใช่หรือไม่ การตรวจทั้งหมดในใบส่งตรวจจะถูกลบด้วย',
    );
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('delete-reason-text'), { target: { value: '   ' } });
    expect(confirm().disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'ส่งตรวจผิด' }));
    fireEvent.change(screen.getByTestId('delete-reason-text'), { target: { value: ' เลือกขาผิดข้าง ' } });
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    expect((await screen.findByTestId('list')).textContent).toBe('ลบรายการเรียบร้อยแล้ว');
    expect(posted).toEqual([{ remark: 'ส่งตรวจผิด: เลือกขาผิดข้าง' }]);
  });

  it("shows the server's refusal in the dialog and stays on the form", async () => {
    stubServer({
      status: 409,
      body: { success: false, message: 'ลบไม่ได้ เพราะมีภาพ ผลอ่าน หรือมอบหมายแพทย์แล้ว' },
    });
    renderButton();
    fireEvent.click(screen.getByTestId('request-delete'));
    await screen.findByTestId('delete-reason-dialog');
    fireEvent.change(screen.getByTestId('delete-reason-text'), { target: { value: 'ยกเลิก' } });
    fireEvent.click(confirm());
    await waitFor(() =>
      expect(screen.getByTestId('delete-reason-error').textContent).toBe('ลบไม่ได้ เพราะมีภาพ ผลอ่าน หรือมอบหมายแพทย์แล้ว'),
    );
    expect(screen.queryByTestId('list')).toBeNull();
  });

  it('is not offered without REQUEST_DELETE', () => {
    stubServer({ status: 200, body: { success: true } });
    renderButton({ ...ME, permissions: ['REQUEST_EDIT'] });
    expect(screen.queryByTestId('request-delete')).toBeNull();
  });
});

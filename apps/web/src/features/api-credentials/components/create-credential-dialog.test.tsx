// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { CreateCredentialDialog } from './create-credential-dialog';

const OPTIONS = {
  branches: [{ id: 1, name: 'รังสีสาขาสยาม' }],
  hospitals: [
    { id: 7, name: 'โรงพยาบาลเจ็ด', branchId: 1 },
    { id: 8, name: 'โรงพยาบาลแปด', branchId: 1 },
  ],
};

/** The server as the dialog meets it: it records each create, and answers it with `reply`. */
function stubServer(reply: (body: Record<string, unknown>) => Response) {
  const posts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string) as Record<string, unknown>;
      posts.push(body);
      return reply(body);
    }),
  );
  return posts;
}
const json = (status: number, envelope: unknown) =>
  new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });

function renderDialog() {
  const onCreated = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CreateCredentialDialog options={OPTIONS} onCreated={onCreated} onCancel={vi.fn()} />
    </QueryClientProvider>,
  );
  return onCreated;
}

const choose = async (fieldId: string, option: string) => {
  fireEvent.mouseDown(within(document.getElementById(fieldId)!.parentElement!).getByRole('combobox'));
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(option));
};

describe('CreateCredentialDialog', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('asks for a name before it sends anything', () => {
    const posts = stubServer(() => json(500, {}));
    renderDialog();
    fireEvent.click(screen.getByTestId('create-credential-submit'));
    expect(screen.getByText('กรุณากรอกชื่อระบบ')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('offers the hospitals for a hospital scope and sends the one chosen, then hands back the secret', async () => {
    const created = { credential: { name: 'PACS เจ็ด' }, token: 't', username: 'u', password: 'p' };
    const posts = stubServer(() => json(201, { success: true, data: created }));
    const onCreated = renderDialog();
    fireEvent.change(document.getElementById('credential-name')!, { target: { value: ' PACS เจ็ด ' } });
    await choose('credential-role', 'โรงพยาบาลลูกค้า (Hospital)');
    expect(document.getElementById('credential-hospital')).toBeNull();
    await choose('credential-scope', 'โรงพยาบาลลูกค้าเดียว (One client hospital)');
    await choose('credential-hospital', 'โรงพยาบาลแปด');
    fireEvent.click(screen.getByTestId('create-credential-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0]![0]).toEqual(created);
    expect(posts).toEqual([
      { name: 'PACS เจ็ด', roleName: 'Hospital', scope: 'hospital', branchId: null, hospitalId: 8 },
    ]);
  });

  it("shows the server's refusal under the field it names", async () => {
    stubServer(() =>
      json(409, {
        success: false,
        message: 'มีรหัสเชื่อมต่อระบบชื่อนี้แล้ว',
        errors: [{ field: 'name', message: 'มีรหัสเชื่อมต่อระบบชื่อนี้แล้ว' }],
      }),
    );
    renderDialog();
    fireEvent.change(document.getElementById('credential-name')!, { target: { value: 'PACS' } });
    fireEvent.click(screen.getByTestId('create-credential-submit'));
    const field = document.getElementById('credential-name')!.closest('.MuiFormControl-root')!;
    await waitFor(() => expect(field.textContent).toContain('มีรหัสเชื่อมต่อระบบชื่อนี้แล้ว'));
    expect(screen.queryByTestId('create-credential-error')).toBeNull();
  });
});

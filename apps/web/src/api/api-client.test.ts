import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

describe('apiRequest', () => {
  const replace = vi.fn();

  beforeEach(() => {
    // The redirect guard is module state; each test gets a fresh module.
    vi.resetModules();
    replace.mockReset();
    vi.stubGlobal('window', { location: { pathname: '/patient', search: '?x=1', hash: '#A1', replace } });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns the envelope data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, data: { a: 1 } })),
    );
    const { apiRequest: sut } = await import('./api-client');
    await expect(sut('/api/x')).resolves.toEqual({ a: 1 });
  });

  it('sends a JSON body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);
    const { apiRequest: sut } = await import('./api-client');
    await sut('/api/x', { method: 'POST', body: { n: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"n":1}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    // The UI's language (Thai until English is chosen), so the server's messages come back in it.
    expect(new Headers(init?.headers).get('accept-language')).toBe('th');
  });

  it('throws the server message for success:false even with HTTP 200', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: false, message: 'ไม่อนุญาต' })),
    );
    const { apiRequest: sut } = await import('./api-client');
    await expect(sut('/api/x')).rejects.toMatchObject({ status: 200, message: 'ไม่อนุญาต' });
  });

  it('throws with no message for a non-JSON error page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    );
    const { apiRequest: sut } = await import('./api-client');
    await expect(sut('/api/x')).rejects.toMatchObject({ status: 502, message: '' });
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { apiRequest: sut } = await import('./api-client');
    await expect(sut('/api/x')).rejects.toMatchObject({ status: 0 });
  });

  it('sends a 401 to the logon page with the current path, search and hash as ReturnUrl', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { success: false, message: 'no session' })),
    );
    const { apiRequest: sut } = await import('./api-client');
    await expect(sut('/api/me')).rejects.toMatchObject({ status: 401 });
    await expect(sut('/api/uidata/menu')).rejects.toMatchObject({ status: 401 });
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/Member/LogOn?ReturnUrl=%2Fpatient%3Fx%3D1%23A1');
  });

  it('leaves a 401 to the caller when asked (the logon post itself)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { success: false, message: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' })),
    );
    const { apiRequest: sut } = await import('./api-client');
    await expect(
      sut('/Member/LogOn', { method: 'POST', body: {}, redirectOnUnauthorized: false }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
    });
    expect(replace).not.toHaveBeenCalled();
  });
});

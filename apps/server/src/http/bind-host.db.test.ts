import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password';
import { loadConfig } from '../config';
import { users } from '../db/schema/index';
import { DEMO_PASSWORD } from '../seed/data/organization';
import { demoLoginsInUse } from '../seed/demo-logins';
import { createTestApp, type TestContext } from '../test/test-app';
import { browseUrl, chooseBindHost, readyLines } from './bind-host';

// Issue 26 item 13: with demo data (published passwords), the server binds 127.0.0.1 unless HOST says otherwise,
// and says so when it is ready.
describe('where a server with demo logins listens', () => {
  const opened: TestContext[] = [];
  afterAll(async () => {
    for (const sut of opened) await sut.close();
  });

  /** Listens as main.ts does (HOST from the environment, the demo check on the database) and answers the address. */
  async function listen(
    env: Record<string, string>,
    before?: (sut: TestContext) => Promise<void>,
  ): Promise<{ address: string; lines: string[] }> {
    const sut = await createTestApp();
    opened.push(sut);
    await before?.(sut);
    const config = loadConfig(env);
    const demo = await demoLoginsInUse(sut.database.db);
    const bind = chooseBindHost(config.HOST, demo);
    await sut.app.listen({ host: bind.host, port: 0 });
    try {
      const { address, port } = sut.app.server.address() as AddressInfo;
      return {
        address,
        lines: readyLines({
          url: browseUrl(bind.host, port),
          bind,
          demoLogins: demo,
          demoUser: 'admin',
          demoPassword: DEMO_PASSWORD,
        }),
      };
    } finally {
      await sut.app.close();
    }
  }

  it('binds loopback only while the demo passwords work, and the ready line says so', async () => {
    expect(loadConfig({}).HOST).toBeUndefined();
    const { address, lines } = await listen({});
    expect(address).toBe('127.0.0.1');
    expect(lines[0]).toMatch(/^Rangsi ready: http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.join('\n')).toContain(`Demo login: admin / ${DEMO_PASSWORD}`);
    expect(lines.join('\n')).toContain('listening on 127.0.0.1 only');
  });

  it('binds what HOST says when it is set, even to every interface, and warns', async () => {
    const { address, lines } = await listen({ HOST: '0.0.0.0' });
    expect(address).toBe('0.0.0.0');
    expect(lines[0]).toMatch(/^Rangsi ready: http:\/\/localhost:\d+$/);
    expect(lines.join('\n')).toMatch(/Warning: demo passwords work and HOST=0\.0\.0\.0/);
  });

  it('binds every interface by default once no demo password works', async () => {
    const { address, lines } = await listen({}, async (sut) => {
      await sut.database.db.update(users).set({ passwordHash: await hashPassword('another-long-password') });
      expect(await demoLoginsInUse(sut.database.db)).toBe(false);
    });
    expect(address).toBe('0.0.0.0');
    expect(lines.join('\n')).not.toContain(DEMO_PASSWORD);
  });
});

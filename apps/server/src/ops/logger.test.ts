import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeLogger, readableLogs } from './logger';

function capture(tty: boolean) {
  const out = new PassThrough() as PassThrough & { isTTY?: boolean };
  out.isTTY = tty;
  let text = '';
  out.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { out, text: () => text };
}

describe(makeLogger.name, () => {
  it('writes readable lines for a person in development, JSON in production and for programs', () => {
    expect(readableLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, true)).toBe(true);
    expect(readableLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'development' }, false)).toBe(false);
    expect(readableLogs({ LOG_FORMAT: 'auto', NODE_ENV: 'production' }, true)).toBe(false);
    expect(readableLogs({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe(true);
    expect(readableLogs({ LOG_FORMAT: 'json', NODE_ENV: 'development' }, true)).toBe(false);
  });

  it('prints the ready line as text at a development terminal', () => {
    const c = capture(true);
    makeLogger({ LOG_FORMAT: 'auto', NODE_ENV: 'development', LOG_LEVEL: 'info' }, c.out).info(
      'Rangsi ready: http://127.0.0.1:8080',
    );
    const plain = c.text().replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Rangsi ready: http:\/\/127\.0\.0\.1:8080\n$/);
  });

  it('prints JSON lines in production', () => {
    const c = capture(true);
    makeLogger({ LOG_FORMAT: 'auto', NODE_ENV: 'production', LOG_LEVEL: 'info' }, c.out).info(
      { port: 8080 },
      'listening',
    );
    expect(JSON.parse(c.text())).toMatchObject({ level: 30, msg: 'listening', port: 8080 });
  });
});

import { describe, expect, it } from 'vitest';
import { browseUrl, chooseBindHost, readyLines } from './bind-host';

describe(chooseBindHost.name, () => {
  it('keeps demo logins off the network unless HOST is set', () => {
    expect(chooseBindHost(undefined, true)).toEqual({ host: '127.0.0.1', reason: 'demo-local' });
    expect(chooseBindHost(undefined, false)).toEqual({ host: '0.0.0.0', reason: 'default' });
    expect(chooseBindHost('0.0.0.0', true)).toEqual({ host: '0.0.0.0', reason: 'explicit' });
    expect(chooseBindHost('10.0.0.5', false)).toEqual({ host: '10.0.0.5', reason: 'explicit' });
  });

  it('prints an address a person can open', () => {
    expect(browseUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(browseUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(browseUrl('127.0.0.1', 18093)).toBe('http://127.0.0.1:18093');
  });

  it('says when the demo images are still coming', () => {
    const lines = readyLines({
      url: 'http://127.0.0.1:8080',
      bind: { host: '127.0.0.1', reason: 'demo-local' },
      demoLogins: true,
      demoUser: 'admin',
      demoPassword: 'rangsi-demo',
      demoImagesPending: true,
    });
    expect(lines[0]).toBe('Rangsi ready: http://127.0.0.1:8080');
    expect(lines.at(-1)).toContain('กำลังรับภาพ');
  });
});

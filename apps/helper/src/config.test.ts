import { describe, expect, it } from 'vitest';
import { ConfigError, optionsFrom, resolveConfig } from './config';
import { currentPlatform } from './platform/index';

const linux = currentPlatform('linux');

describe('Rangsi Helper configuration', () => {
  it('takes flags over env and fills the platform defaults', () => {
    const options = optionsFrom(['--server=https://ris.example.org', '--port', '0'], {
      RANGSI_SERVER_URL: 'https://other.example.org',
      VIEWER_COMMAND: '["/opt/viewer", "--open"]',
      EXPORT_TIMEOUT_SECONDS: '5',
    });
    const config = resolveConfig(options, linux, '/home/user');
    expect(config).toMatchObject({
      server: 'https://ris.example.org',
      port: 0,
      host: '127.0.0.1',
      cdDir: '/home/user/Rangsi/CD',
      viewerDir: '/home/user/Rangsi/Viewer',
      scanDir: '/home/user/Rangsi/Scans',
      viewerCommand: ['/opt/viewer', '--open', '{folder}'],
      exportTimeoutMs: 5000,
      burner: null,
    });
    expect(resolveConfig({ server: 'https://ris.example.org' }, linux).port).toBe(17580);
    expect(resolveConfig({ server: 'https://ris.example.org' }, currentPlatform('win32'), 'C:\\Users\\a').cdDir).toBe(
      'C:\\Users\\a\\Rangsi\\CD',
    );
  });

  it.each([
    [{}, /--server \(RANGSI_SERVER_URL\) is required/],
    [{ server: 'ris.example.org' }, /not a URL/],
    [{ server: 'ftp://ris.example.org' }, /http:\/\/ or https:\/\//],
    [{ server: 'https://ris.example.org/app' }, /origin only/],
    [{ server: 'https://ris.example.org', port: '70000' }, /--port .* 0\.\.65535/],
    [{ server: 'https://ris.example.org', cdDir: 'relative/cd' }, /--cd-dir \(CD_DIR\) must be an absolute path/],
    [{ server: 'https://ris.example.org', viewerCommand: 'weasis {folder}' }, /VIEWER_COMMAND must be a JSON array/],
    [{ server: 'https://ris.example.org', viewerCommand: '[]' }, /non-empty JSON array/],
    [{ server: 'https://ris.example.org', isoTool: 'mkisofs' }, /ISO_TOOL must be xorriso or genisoimage/],
    [{ server: 'https://ris.example.org', exportTimeoutSeconds: '0' }, /--export-timeout/],
  ])('refuses %j with a message naming the option', (options, message) => {
    expect(() => resolveConfig(options, linux)).toThrow(ConfigError);
    expect(() => resolveConfig(options, linux)).toThrow(message);
  });

  it('refuses an unknown flag, --host among them (the helper listens on loopback only)', () => {
    expect(() => optionsFrom(['--host', '0.0.0.0'], {})).toThrow(/unknown option --host/);
    expect(() => optionsFrom(['--server'], {})).toThrow(/needs a value/);
  });
});

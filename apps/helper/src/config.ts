import os from 'node:os';
import path from 'node:path';
import { currentPlatform, type Platform } from './platform/index';
import { findProgram } from './platform/find-program';

/** What the helper runs with, every value checked (resolveConfig). */
export interface HelperConfig {
  /** The Rangsi server's origin: the only origin served, the only place downloads come from. */
  server: string;
  port: number;
  host: '127.0.0.1';
  cdDir: string;
  viewerDir: string;
  scanDir: string;
  viewerCommand: string[] | null;
  burner: string | null;
  scannerDevice: string | null;
  scanimage: string;
  isoTool: { kind: 'xorriso' | 'genisoimage'; program: string } | null;
  exportTimeoutMs: number;
  /** How long one outside program (ISO, burn, one scan) may run before it is killed. */
  programTimeoutMs: number;
  platform: Platform;
}

/** The settings as given (CLI flags, env, or startHelper's caller); absent ones take their defaults. */
export interface HelperOptions {
  server?: string;
  port?: number | string;
  cdDir?: string;
  viewerDir?: string;
  scanDir?: string;
  /** An array, or its JSON text; "{folder}" is replaced by the unpacked folder (appended when absent). */
  viewerCommand?: string[] | string;
  burner?: string;
  scannerDevice?: string;
  scanimage?: string;
  /** "xorriso", "genisoimage", or a path to either; default: xorriso, else genisoimage, from PATH. */
  isoTool?: string;
  exportTimeoutSeconds?: number | string;
  programTimeoutSeconds?: number | string;
}

export class ConfigError extends Error {}

/** Environment variable of each option; a CLI flag wins over its variable. */
export const ENV_OF: Record<keyof HelperOptions, string> = {
  server: 'RANGSI_SERVER_URL',
  port: 'RANGSI_HELPER_PORT',
  cdDir: 'CD_DIR',
  viewerDir: 'VIEWER_DIR',
  scanDir: 'SCAN_DIR',
  viewerCommand: 'VIEWER_COMMAND',
  burner: 'BURNER_DEVICE',
  scannerDevice: 'SCANNER_DEVICE',
  scanimage: 'SCANIMAGE',
  isoTool: 'ISO_TOOL',
  exportTimeoutSeconds: 'EXPORT_TIMEOUT_SECONDS',
  programTimeoutSeconds: 'PROGRAM_TIMEOUT_SECONDS',
};

const blank = (v: unknown) => v === undefined || v === null || v === '';

function origin(value: string | undefined): string {
  if (blank(value))
    throw new ConfigError('--server (RANGSI_SERVER_URL) is required: the Rangsi server, e.g. https://ris.example.org');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`--server (RANGSI_SERVER_URL) is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError('--server (RANGSI_SERVER_URL) must be an http:// or https:// address');
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    throw new ConfigError('--server (RANGSI_SERVER_URL) must be an origin only (scheme, host, port), without a path');
  return url.origin;
}

function integer(name: string, value: number | string | undefined, fallback: number, min: number, max: number) {
  if (blank(value)) return fallback;
  const n = typeof value === 'number' ? value : /^\d+$/.test(String(value).trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number ${min}..${max}`);
  return n;
}

function folder(name: string, value: string | undefined, fallback: string): string {
  if (blank(value)) return fallback;
  if (!path.isAbsolute(value)) throw new ConfigError(`${name} must be an absolute path`);
  return path.resolve(value);
}

function viewerCommand(value: string[] | string | undefined, platform: Platform): string[] | null {
  if (blank(value)) return platform.defaultViewerCommand();
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ConfigError('VIEWER_COMMAND must be a JSON array, e.g. ["weasis","$dicom:get","-l","{folder}"]');
    }
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((a) => typeof a === 'string' && a !== ''))
    throw new ConfigError('VIEWER_COMMAND must be a non-empty JSON array of strings');
  const args = parsed as string[];
  return args.some((a) => a.includes('{folder}')) ? args : [...args, '{folder}'];
}

function isoTool(value: string | undefined): HelperConfig['isoTool'] {
  const names = blank(value) ? ['xorriso', 'genisoimage'] : [value];
  for (const name of names) {
    const base = path.basename(name).replace(/\.exe$/i, '');
    if (base !== 'xorriso' && base !== 'genisoimage')
      throw new ConfigError('ISO_TOOL must be xorriso or genisoimage (a name on PATH or a path)');
    const program = findProgram(name);
    if (program) return { kind: base, program };
  }
  // Not an error at start: `cd/check` answers ready false and says why.
  return null;
}

/** Checks every option and fills the defaults of the platform; throws ConfigError with the option's name. */
export function resolveConfig(options: HelperOptions, platform = currentPlatform(), home = os.homedir()): HelperConfig {
  const folders = platform.defaultFolders(home);
  return {
    server: origin(options.server),
    port: integer('--port (RANGSI_HELPER_PORT)', options.port, 17580, 0, 65535),
    host: '127.0.0.1',
    cdDir: folder('--cd-dir (CD_DIR)', options.cdDir, folders.cd),
    viewerDir: folder('--viewer-dir (VIEWER_DIR)', options.viewerDir, folders.viewer),
    scanDir: folder('--scan-dir (SCAN_DIR)', options.scanDir, folders.scan),
    viewerCommand: viewerCommand(options.viewerCommand, platform),
    burner: blank(options.burner) ? null : options.burner,
    scannerDevice: blank(options.scannerDevice) ? null : options.scannerDevice,
    scanimage: blank(options.scanimage) ? 'scanimage' : options.scanimage,
    isoTool: isoTool(options.isoTool),
    exportTimeoutMs:
      integer('--export-timeout (EXPORT_TIMEOUT_SECONDS)', options.exportTimeoutSeconds, 600, 1, 86_400) * 1000,
    programTimeoutMs:
      integer('--program-timeout (PROGRAM_TIMEOUT_SECONDS)', options.programTimeoutSeconds, 900, 1, 86_400) * 1000,
    platform,
  };
}

const FLAG_OF: Record<string, keyof HelperOptions> = {
  '--server': 'server',
  '--port': 'port',
  '--cd-dir': 'cdDir',
  '--viewer-dir': 'viewerDir',
  '--scan-dir': 'scanDir',
  '--viewer-command': 'viewerCommand',
  '--burner': 'burner',
  '--scanner-device': 'scannerDevice',
  '--scanimage': 'scanimage',
  '--iso-tool': 'isoTool',
  '--export-timeout': 'exportTimeoutSeconds',
  '--program-timeout': 'programTimeoutSeconds',
};

export const USAGE = `Rangsi Helper: CD download helper, RadiAnt viewer helper and scanner station on 127.0.0.1.
Usage: npm run helper -- --server <origin> [options]
${Object.entries(FLAG_OF)
  .map(([flag, key]) => `  ${`${flag} <value>`.padEnd(28)} env ${ENV_OF[key]}`)
  .join('\n')}`;

/** The options of the command line (`--flag value` or `--flag=value`) over those of the environment. */
export function optionsFrom(argv: string[], env: NodeJS.ProcessEnv): HelperOptions {
  const options: Record<string, string> = {};
  for (const [key, variable] of Object.entries(ENV_OF)) if (!blank(env[variable])) options[key] = env[variable]!;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const key = FLAG_OF[flag];
    if (!key) throw new ConfigError(`unknown option ${flag}\n${USAGE}`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new ConfigError(`${flag} needs a value`);
    options[key] = value;
  }
  return options;
}

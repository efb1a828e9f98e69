import { runProgram } from '../run-program';

/** The options of a SANE device that the scan call chooses between. */
export interface DeviceOptions {
  modes: string[];
  sources: string[];
}

/** The devices `scanimage` finds, one name each (e.g. "test:0", "escl:http://…"). */
export async function listDevices(scanimage: string, timeoutMs = 30_000): Promise<string[]> {
  const out = await runProgram(scanimage, ['-f', '%d%n'], { timeoutMs });
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The modes and sources a device offers (`scanimage -A`). */
export async function deviceOptions(scanimage: string, device: string, timeoutMs = 30_000): Promise<DeviceOptions> {
  const out = await runProgram(scanimage, ['-A', '-d', device], { timeoutMs });
  const list = (name: string) => {
    const m = out.match(new RegExp(`^\\s*--${name} ([^\\[\\n]+?)\\s*\\[`, 'm'));
    return m ? m[1]!.split('|').map((s) => s.trim()) : [];
  };
  return { modes: list('mode'), sources: list('source') };
}

export interface ScanRequest {
  pages: 'single' | 'feeder';
  resolution: number;
  mode: 'Color' | 'Gray' | 'Lineart';
}

/**
 * The scanimage arguments of one scan into `dir`: JPEG pages page1.jpg, page2.jpg …, the feeder source when several
 * pages are asked for. A mode the device lacks (the test device has no Lineart) becomes Gray, the closest.
 */
export function scanArgs(device: string, options: DeviceOptions, request: ScanRequest, dir: string): string[] {
  const args = ['-d', device, '--format=jpeg', '--resolution', String(request.resolution)];
  const mode =
    options.modes.find((m) => m.toLowerCase() === request.mode.toLowerCase()) ??
    options.modes.find((m) => m.toLowerCase() === 'gray');
  if (mode) args.push('--mode', mode);
  if (request.pages === 'feeder') {
    const feeder = options.sources.find((s) => /feeder|adf/i.test(s));
    if (feeder) args.push('--source', feeder);
    args.push(`--batch=${dir}/page%d.jpg`, '--batch-print');
  } else {
    const flatbed = options.sources.find((s) => /flatbed/i.test(s));
    if (flatbed) args.push('--source', flatbed);
    args.push(`--batch=${dir}/page%d.jpg`, '--batch-count=1', '--batch-print');
  }
  return args;
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { HelperConfig } from '../config';
import { errorKind, failureMessage } from '../failure-message';
import { Refusal } from '../http/reply';
import type { Logger } from '../log';
import { MSG } from '../messages';
import { lastLines, ProgramError, runProgram } from '../run-program';
import { pdfOfJpegs } from './pdf-writer';
import { deviceOptions, listDevices, scanArgs, type ScanRequest } from './sane';

export interface ScanView {
  scanId: string;
  status: 'Scanning' | 'Completed' | 'Failed';
  pages: number;
  message: string;
  fileName?: string;
  contentType?: 'image/jpeg' | 'application/pdf';
}

interface Scan extends ScanView {
  dir: string;
  file?: string;
}

/** SANE's own error lines ("scanimage: sane_read: Error during device I/O"), else the last lines it wrote. */
const saneError = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('scanimage: '))
    .join('\n') || lastLines(stderr, 2);

const stamp = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}-${p(d.getMonth() + 1)}-${d.getFullYear()}-${p(d.getHours())}${p(d.getMinutes())}`;
};

/** The scanner station: one scan at a time through SANE's scanimage, its pages served back as one file. */
export class ScanJobs {
  private readonly scans = new Map<string, Scan>();
  private busy = false;
  private readonly abort = new AbortController();

  constructor(private readonly deps: { config: HelperConfig; log: Logger }) {}

  private found: { device: string; at: number } | null = null;

  /**
   * The device scans go to: the configured one, or the first scanimage lists (kept a minute: listing probes the
   * network's scanners and takes seconds).
   */
  async device(): Promise<string | null> {
    const { config } = this.deps;
    if (config.scannerDevice) return config.scannerDevice;
    if (this.found && Date.now() - this.found.at < 60_000) return this.found.device;
    const [device] = await listDevices(config.scanimage);
    this.found = device ? { device, at: Date.now() } : null;
    return device ?? null;
  }

  async status(): Promise<{ ready: boolean; device: string | null; message: string }> {
    try {
      const device = await this.device();
      return device
        ? { ready: true, device, message: MSG.scannerReady(device) }
        : { ready: false, device: null, message: MSG.noScanner };
    } catch (err) {
      return { ready: false, device: null, message: failureMessage(err) };
    }
  }

  async start(request: ScanRequest): Promise<{ scanId: string }> {
    if (this.busy) throw new Refusal(409, MSG.scanBusy);
    this.busy = true;
    const scanId = randomUUID();
    const scan: Scan = {
      scanId,
      status: 'Scanning',
      pages: 0,
      message: MSG.scanning(0),
      dir: path.join(this.deps.config.scanDir, scanId),
    };
    this.scans.set(scanId, scan);
    void this.run(scan, request).finally(() => (this.busy = false));
    return { scanId };
  }

  view(scanId: string): ScanView {
    const scan = this.scans.get(scanId);
    if (!scan) throw new Refusal(404, MSG.noScan);
    const { dir: _dir, file: _file, ...view } = scan;
    return view;
  }

  file(scanId: string): { path: string; contentType: string; fileName: string } {
    const scan = this.scans.get(scanId);
    if (!scan) throw new Refusal(404, MSG.noScan);
    if (scan.status !== 'Completed' || !scan.file) throw new Refusal(404, MSG.scanNotDone);
    return { path: scan.file, contentType: scan.contentType!, fileName: scan.fileName! };
  }

  close(): void {
    this.abort.abort();
  }

  private async run(scan: Scan, request: ScanRequest): Promise<void> {
    const { config, log } = this.deps;
    try {
      const device = await this.device();
      if (!device) throw new Refusal(404, MSG.noScanner);
      await fs.promises.mkdir(scan.dir, { recursive: true });
      const options = await deviceOptions(config.scanimage, device);
      log.info('scan started', { scanId: scan.scanId, pages: request.pages });
      try {
        await runProgram(config.scanimage, scanArgs(device, options, request, scan.dir), {
          timeoutMs: config.programTimeoutMs,
          signal: this.abort.signal,
          // --batch-print names each page once it is written.
          onLine: (line) => {
            if (line.trim()) Object.assign(scan, { pages: scan.pages + 1, message: MSG.scanning(scan.pages + 1) });
          },
        });
      } catch (err) {
        // The device went away (unplugged, jammed, switched off) after some pages or none.
        if (err instanceof ProgramError && err.reason === 'failed')
          throw new Refusal(500, MSG.scannerLost(scan.pages, saneError(err.stderr)));
        throw err;
      }
      const pages = await this.pages(scan.dir);
      if (pages.length === 0) throw new Refusal(500, MSG.scanNoPages);
      const at = stamp(new Date());
      if (pages.length === 1) {
        Object.assign(scan, { file: pages[0], fileName: `scan-${at}.jpg`, contentType: 'image/jpeg' });
      } else {
        const pdf = path.join(scan.dir, 'scan.pdf');
        const jpegs = await Promise.all(pages.map((p) => fs.promises.readFile(p)));
        await fs.promises.writeFile(pdf, pdfOfJpegs(jpegs, request.resolution));
        Object.assign(scan, { file: pdf, fileName: `scan-${at}.pdf`, contentType: 'application/pdf' });
      }
      Object.assign(scan, { status: 'Completed', pages: pages.length, message: MSG.scanDone(pages.length) });
      log.info('scan done', { scanId: scan.scanId, pages: pages.length });
    } catch (err) {
      const message = err instanceof Refusal ? err.message : failureMessage(err);
      Object.assign(scan, { status: 'Failed', message });
      log.warn('scan failed', { scanId: scan.scanId, error: errorKind(err) });
    }
  }

  /** The pages scanimage wrote, in page order (page2 before page10). */
  private async pages(dir: string): Promise<string[]> {
    const names = (await fs.promises.readdir(dir)).filter((n) => /^page\d+\.jpg$/.test(n));
    names.sort((a, b) => Number(a.slice(4, -4)) - Number(b.slice(4, -4)));
    return names.map((n) => path.join(dir, n));
  }
}

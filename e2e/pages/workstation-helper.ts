import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The real Rangsi Helper (apps/helper) that e2e/start-server.mjs starts beside the server on E2E_PORT + 103, with
 * its folders under one directory named after the server's port (the same rule as there), and a viewer command that
 * writes the folder it is given to a file instead of opening a window.
 */
const serverPort = Number(process.env.E2E_PORT ?? '18080');
export const HELPER_PORT = Number(process.env.E2E_HELPER_PORT ?? serverPort + 103);
export const HELPER_DIR = path.join(tmpdir(), `rangsi-e2e-helper-${serverPort}`);
export const VIEWER_CALLS = path.join(HELPER_DIR, 'viewer-calls.log');

/** The folders the viewer command was started with, oldest first. */
export function viewerCalls(): string[] {
  if (!fs.existsSync(VIEWER_CALLS)) return [];
  return fs
    .readFileSync(VIEWER_CALLS, 'utf8')
    .split('\n')
    .filter((line) => line.trim());
}

/** The DICOMDIR of an ISO 9660 image, taken out with xorriso and read by dcmtk's dcmdump (what a CD reader sees). */
export function dicomdirOfIso(iso: string): string {
  const out = fs.mkdtempSync(path.join(tmpdir(), 'rangsi-e2e-iso-'));
  try {
    execFileSync('xorriso', ['-osirrox', 'on', '-indev', iso, '-extract', '/DICOMDIR', path.join(out, 'DICOMDIR')], {
      stdio: 'ignore',
    });
    return execFileSync('dcmdump', ['--quiet', path.join(out, 'DICOMDIR')], { encoding: 'utf8' });
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

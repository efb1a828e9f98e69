import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { decodeImage, readPgm } from './code128-decoder';

/** poppler-utils around a PDF Buffer, for tests (CI installs poppler-utils). */
export function withPdf<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'rangsi-report-test-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF with its layout kept (table rows stay on one line), whitespace runs folded to one space. */
export function pdfText(pdf: Buffer): string {
  return withPdf(pdf, (file) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
  ).replace(/[ \t\u00a0]+/g, ' ');
}

export function pdfInfo(pdf: Buffer): { pages: number; widthPt: number; heightPt: number } {
  const info = withPdf(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [];
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0), widthPt: Number(w), heightPt: Number(h) };
}

/** Rasterizes every page at 300 dpi (grey) and reads the Code 128 symbols off each: one list of texts per page. */
export function decodeBarcodes(pdf: Buffer): string[][] {
  return withPdf(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', '300', '-gray', file, join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((f) => decodeImage(readPgm(readFileSync(join(dir, f)))));
  });
}

/**
 * Rasterizes every page at 200 dpi (PNG) and reads the QR code on each, if any: one payload (or null) per page.
 * 200 dpi puts ~8 pixels on a module of a 32 mm version-5 symbol, well above what jsQR needs.
 */
export async function decodeQrCodes(pdf: Buffer): Promise<(string | null)[]> {
  const pngs = withPdf(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', '200', '-png', file, join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  });
  const found: (string | null)[] = [];
  for (const png of pngs) {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    found.push(
      jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null,
    );
  }
  return found;
}

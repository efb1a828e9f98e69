import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChromiumPdfRenderer, fontFaceCss, type PdfRenderer } from './pdf-renderer';

const dir = mkdtempSync(join(tmpdir(), 'pdf-renderer-'));
let renderer: PdfRenderer;

function pdftool(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
}

const doc = (body: string) => `<!doctype html><html lang="th"><head><meta charset="utf-8"><style>${fontFaceCss()}
body{font-family:Sarabun;line-height:1.6;font-size:14pt}</style></head><body>${body}</body></html>`;

beforeAll(() => {
  renderer = createChromiumPdfRenderer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    poolSize: 2,
  });
});
afterAll(async () => {
  await renderer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Chromium PDF renderer', () => {
  it('prints Thai with its marks in the vendored Sarabun, text extractable', async () => {
    const pdf = await renderer.render({
      html: doc('<h1>ผลการตรวจ ปู่ ป้ำ น้ำ</h1><p>ไม่พบความผิดปกติของเนื้อสมอง 1,234.50 บาท</p>'),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdftool('pdftotext', pdf, 'thai.pdf');
    expect(text).toContain('ไม่พบความผิดปกติของเนื้อสมอง');
    expect(text).toContain('น้ำ');
    expect(pdftool('pdffonts', pdf, 'thai-fonts.pdf')).toMatch(/Sarabun-Regular/);
    expect(pdftool('pdfinfo', pdf, 'thai-info.pdf')).toMatch(/Page size:\s+59[56]\.\d+ x 84[12]\.\d+ pts \(A4\)/);
  }, 60_000);

  it('prints a label at its size in millimetres', async () => {
    const pdf = await renderer.render({ html: doc('<b>HN 123</b>'), paper: { widthMm: 50, heightMm: 30 } });
    const info = pdftool('pdfinfo', pdf, 'label.pdf');
    // 50 × 30 mm = 141.7 × 85.0 pt; Chromium rounds the page to whole CSS pixels (under half a millimetre).
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [];
    expect(Math.abs(Number(w) - 141.7)).toBeLessThan(1.5);
    expect(Math.abs(Number(h) - 85.0)).toBeLessThan(1.5);
  }, 60_000);

  it('never fetches anything a document names outside itself', async () => {
    let hits = 0;
    const server: Server = createServer((_req, res) => {
      hits += 1;
      res.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const pdf = await renderer.render({
        html: doc(
          `<img src="http://127.0.0.1:${port}/track.png"><link rel="stylesheet" href="http://127.0.0.1:${port}/x.css">ok`,
        ),
      });
      expect(pdftool('pdftotext', pdf, 'offline.pdf')).toContain('ok');
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  }, 60_000);

  it('prints several documents at once through the pool', async () => {
    const pdfs = await Promise.all(
      ['หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า'].map((w) => renderer.render({ html: doc(`<p>เอกสาร ${w}</p>`) })),
    );
    pdfs.forEach((pdf, i) =>
      expect(pdftool('pdftotext', pdf, `pool-${i}.pdf`)).toContain(['หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า'][i]),
    );
  }, 60_000);
});

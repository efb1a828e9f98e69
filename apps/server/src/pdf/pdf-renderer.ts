import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** A page to print: a whole HTML document and its paper. */
export interface PdfPage {
  html: string;
  /** A4 portrait by default; a label gives its size in millimetres. */
  paper?: 'A4' | 'A4-landscape' | { widthMm: number; heightMm: number };
}

/** Prints HTML documents to PDF. One per server; close it on shutdown. */
export interface PdfRenderer {
  render(page: PdfPage): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * The fonts a document may use, served to the printing page from the vendored files (assets/fonts, OFL-1.1).
 * Documents refer to them by this origin, which never leaves the process (see fontFaceCss).
 */
export const FONT_ORIGIN = 'https://fonts.rangsi.invalid';
const FONT_FILES: Record<string, string> = {
  'Sarabun-Regular.ttf': 'Sarabun_400Regular.ttf',
  'Sarabun-Bold.ttf': 'Sarabun_700Bold.ttf',
};
const fontDir = new URL('../../assets/fonts/', import.meta.url);

/** The @font-face rules every document template puts in its <style>. */
export function fontFaceCss(): string {
  return `@font-face{font-family:'Sarabun';font-weight:400;src:url('${FONT_ORIGIN}/Sarabun-Regular.ttf') format('truetype')}
@font-face{font-family:'Sarabun';font-weight:700;src:url('${FONT_ORIGIN}/Sarabun-Bold.ttf') format('truetype')}`;
}

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export interface ChromiumPdfOptions {
  executablePath: string;
  /** Pages printing at once; more calls wait in a queue. */
  poolSize: number;
  /** A page that takes longer than this to print is abandoned (the document is broken or huge). */
  timeoutMs?: number;
}

/**
 * One long-lived headless Chromium (started on first use) with a small pool of pages behind a queue: the only engine
 * tried here that places Thai marks, breaks Thai lines between words and keeps the text extractable (docs/stack-notes.md).
 * Pages never reach the network: every request but the fonts is refused.
 */
export function createChromiumPdfRenderer(options: ChromiumPdfOptions): PdfRenderer {
  const timeoutMs = options.timeoutMs ?? 20_000;
  let starting: Promise<{ browser: Browser; context: BrowserContext }> | undefined;
  const idle: Page[] = [];
  let open = 0;
  const waiting: Array<(page: Page) => void> = [];
  let closed = false;
  const fonts = new Map<string, Buffer>();

  async function font(name: string): Promise<Buffer | undefined> {
    const file = FONT_FILES[name];
    if (!file) return undefined;
    let bytes = fonts.get(file);
    if (!bytes) {
      bytes = await readFile(new URL(file, fontDir));
      fonts.set(file, bytes);
    }
    return bytes;
  }

  function start() {
    starting ??= (async () => {
      // Playwright gives the browser a fresh profile in a temp folder and removes it on close.
      const browser = await chromium.launch({ executablePath: options.executablePath, args: LAUNCH_ARGS });
      const context = await browser.newContext({ javaScriptEnabled: false, offline: false });
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        if (url.startsWith(`${FONT_ORIGIN}/`)) {
          const body = await font(url.slice(FONT_ORIGIN.length + 1));
          if (body) return route.fulfill({ status: 200, contentType: 'font/ttf', body });
        }
        // Documents are self-contained: data: URLs for images, nothing fetched from anywhere else.
        if (url.startsWith('data:')) return route.continue();
        return route.abort('blockedbyclient');
      });
      return { browser, context };
    })();
    starting.catch(() => {
      starting = undefined;
    });
    return starting;
  }

  async function acquire(): Promise<Page> {
    if (closed) throw new Error('PDF renderer is closed');
    const page = idle.pop();
    if (page && !page.isClosed()) return page;
    if (open < options.poolSize) {
      open += 1;
      try {
        const { context } = await start();
        return await context.newPage();
      } catch (err) {
        open -= 1;
        throw err;
      }
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(page: Page, broken: boolean) {
    if (broken || closed) {
      open -= 1;
      void page.close().catch(() => undefined);
      // Someone waiting gets a fresh page instead.
      const next = waiting.shift();
      if (next && !closed) {
        open += 1;
        void start()
          .then(({ context }) => context.newPage())
          .then(next, () => {
            open -= 1;
          });
      }
      return;
    }
    const next = waiting.shift();
    if (next) next(page);
    else idle.push(page);
  }

  return {
    async render({ html, paper = 'A4' }) {
      const page = await acquire();
      let broken = false;
      try {
        await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
        // Fonts load after 'load' on some pages; printing before them would fall back to a font without Thai marks.
        await page.evaluate('document.fonts.ready', undefined).catch(() => undefined);
        const size =
          paper === 'A4'
            ? { format: 'A4' as const }
            : paper === 'A4-landscape'
              ? { format: 'A4' as const, landscape: true }
              : { width: `${paper.widthMm}mm`, height: `${paper.heightMm}mm` };
        const pdf = await page.pdf({ ...size, printBackground: true, preferCSSPageSize: true });
        return pdf;
      } catch (err) {
        broken = true;
        throw err;
      } finally {
        release(page, broken);
      }
    },
    async close() {
      closed = true;
      const s = starting;
      starting = undefined;
      if (!s) return;
      const { browser } = await s.catch(() => ({ browser: undefined }));
      await browser?.close().catch(() => undefined);
    },
  };
}

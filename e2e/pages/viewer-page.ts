import { expect, type Frame, type Page } from '@playwright/test';

export interface CanvasStats {
  /** Non-black box of the canvas: the image's area (the background is pure black). */
  box: { w: number; h: number } | null;
  /** Fraction of the box brighter than 8/255. */
  lit: number;
  sd: number;
  levels: number;
  /** Mean luminance of an 8×8 grid over the whole canvas. */
  grid: number[];
}

/** The series page (/viewer/{examId}) and the DicomViewer inside its frame. */
export class ViewerPage {
  constructor(readonly page: Page) {}

  async goto(examId: string, branchId: number) {
    await this.page.goto(`/viewer/${examId}?examBranchId=${branchId}`);
    await expect(this.page).toHaveTitle('Series');
  }

  seriesItems() {
    return this.page.getByTestId('series-item');
  }

  async frame(): Promise<Frame> {
    const handle = await this.page.getByTestId('viewer-frame').elementHandle();
    const frame = await handle.contentFrame();
    return frame!;
  }

  /** Waits until the first image of the selected series has been drawn (or failed). */
  async waitForImage(frame: Frame) {
    await expect(frame.getByTestId('viewport')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  }

  /** Pixel statistics of the canvas inside the element with this test id (the main viewport by default). */
  async stats(frame: Frame, testId = 'viewport'): Promise<CanvasStats> {
    return frame.evaluate((id) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"] canvas`);
      if (!canvas) throw new Error('no canvas');
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const { width, height } = canvas;
      const px = ctx.getImageData(0, 0, width, height).data;
      const lum = new Float32Array(width * height);
      let x0 = width,
        y0 = height,
        x1 = -1,
        y1 = -1;
      for (let i = 0; i < lum.length; i++) {
        const v = 0.299 * px[i * 4]! + 0.587 * px[i * 4 + 1]! + 0.114 * px[i * 4 + 2]!;
        lum[i] = v;
        if (v > 0) {
          const x = i % width,
            y = Math.floor(i / width);
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
        }
      }
      const grid: number[] = [];
      for (let gy = 0; gy < 8; gy++)
        for (let gx = 0; gx < 8; gx++) {
          let sum = 0,
            n = 0;
          for (let y = Math.floor((gy * height) / 8); y < Math.floor(((gy + 1) * height) / 8); y += 2)
            for (let x = Math.floor((gx * width) / 8); x < Math.floor(((gx + 1) * width) / 8); x += 2) {
              sum += lum[y * width + x]!;
              n++;
            }
          grid.push(n ? sum / n : 0);
        }
      if (x1 < 0) return { box: null, lit: 0, sd: 0, levels: 0, grid };
      let n = 0,
        lit = 0,
        sum = 0,
        sum2 = 0;
      const levels = new Set<number>();
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const v = lum[y * width + x]!;
          n++;
          if (v > 8) lit++;
          sum += v;
          sum2 += v * v;
          levels.add(Math.round(v / 8));
        }
      const mean = sum / n;
      return {
        box: { w: x1 - x0 + 1, h: y1 - y0 + 1 },
        lit: lit / n,
        sd: Math.sqrt(Math.max(0, sum2 / n - mean * mean)),
        levels: levels.size,
        grid,
      };
    }, testId);
  }

  /**
   * An image address drawn the way the viewer fits images (centred, aspect kept, black around) on a canvas of `size`:
   * its natural size, luminance standard deviation and 8×8 grid of mean luminance, comparable with stats().grid.
   */
  async imageGrid(
    frame: Frame,
    url: string,
    size: [number, number],
  ): Promise<{ natural: [number, number]; sd: number; grid: number[] }> {
    return frame.evaluate(
      async ({ url, size: [width, height] }) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#000';
        ctx.fillRect(0, 0, width, height);
        const scale = Math.min(width / img.naturalWidth, height / img.naturalHeight);
        ctx.drawImage(
          img,
          (width - img.naturalWidth * scale) / 2,
          (height - img.naturalHeight * scale) / 2,
          img.naturalWidth * scale,
          img.naturalHeight * scale,
        );
        const px = ctx.getImageData(0, 0, width, height).data;
        const lum = (i: number) => 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;
        let sum = 0,
          sum2 = 0;
        for (let i = 0; i < px.length; i += 4) {
          sum += lum(i);
          sum2 += lum(i) ** 2;
        }
        const n = px.length / 4;
        const grid: number[] = [];
        for (let gy = 0; gy < 8; gy++)
          for (let gx = 0; gx < 8; gx++) {
            let s = 0,
              k = 0;
            for (let y = Math.floor((gy * height) / 8); y < Math.floor(((gy + 1) * height) / 8); y += 2)
              for (let x = Math.floor((gx * width) / 8); x < Math.floor(((gx + 1) * width) / 8); x += 2) {
                s += lum((y * width + x) * 4);
                k++;
              }
            grid.push(k ? s / k : 0);
          }
        return {
          natural: [img.naturalWidth, img.naturalHeight] as [number, number],
          sd: Math.sqrt(Math.max(0, sum2 / n - (sum / n) ** 2)),
          grid,
        };
      },
      { url, size },
    );
  }

  /** A drawn image, by pixel statistics (docs/stack-notes.md "Testing that an image is really drawn"). */
  async expectImageDrawn(frame: Frame, label: string, testId = 'viewport') {
    await expect
      .poll(async () => Number(await frame.getByTestId(testId).getAttribute('data-rendered')), {
        message: `${label}: IMAGE_RENDERED`,
      })
      .toBeGreaterThan(0);
    const s = await this.stats(frame, testId);
    expect(s.box, `${label}: something is drawn`).not.toBeNull();
    expect(s.box!.w * s.box!.h, `${label}: the image covers a real area`).toBeGreaterThan(100 * 100);
    expect(s.lit, `${label}: lit fraction`).toBeGreaterThan(0.3);
    expect(s.sd, `${label}: standard deviation`).toBeGreaterThan(15);
    expect(s.levels, `${label}: grey levels`).toBeGreaterThanOrEqual(6);
    return s;
  }

  /** Drags with the left button across the viewport (W/L by default, or the chosen tool). */
  async drag(frame: Frame, from: [number, number], by: [number, number], testId = 'viewport') {
    const box = (await frame.getByTestId(testId).boundingBox())!;
    const x = box.x + box.width * from[0];
    const y = box.y + box.height * from[1];
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i++) await this.page.mouse.move(x + (by[0] * i) / 10, y + (by[1] * i) / 10);
    await this.page.mouse.up();
  }
}

/** Mean absolute difference of two 8×8 grids. */
export function gridChange(a: number[], b: number[]): number {
  return a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;
}

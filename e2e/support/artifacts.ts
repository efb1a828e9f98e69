import { fileURLToPath } from 'node:url';

/** Where screenshots for people to look at go (UI guide: every screen gets one at 1366×768). */
export function screenshotPath(name: string): string {
  return fileURLToPath(new URL(`../.artifacts/screenshots/${name}.png`, import.meta.url));
}

import { darwin } from './darwin';
import { linux } from './linux';
import type { Platform } from './platform';
import { windows } from './windows';

export type { Platform } from './platform';

/** The adapter of the operating system the helper runs on (anything not Windows or macOS is treated as Linux). */
export function currentPlatform(platform: NodeJS.Platform = process.platform): Platform {
  if (platform === 'win32') return windows;
  if (platform === 'darwin') return darwin;
  return linux;
}

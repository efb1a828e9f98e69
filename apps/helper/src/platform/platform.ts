import type { PlatformPath } from 'node:path';

/** What differs between the workstation's operating systems; everything else in the helper is the same code. */
export interface Platform {
  name: 'linux' | 'windows' | 'darwin';
  /** Where CD folders, viewer downloads and scans go when the configuration does not say. */
  defaultFolders(home: string): { cd: string; viewer: string; scan: string };
  /** The viewer command with its "{folder}" placeholder when one is installed where it usually is, else null. */
  defaultViewerCommand(): string[] | null;
  /** Whether the configured disc drive is there now (a drive may be unplugged). */
  burnerPresent(device: string): boolean;
  /** The program and arguments that burn an ISO image to the drive. */
  burnCommand(device: string, image: string, xorriso: string | null): { program: string; args: string[] } | null;
}

/** The Rangsi folders under a home folder, joined by the platform's own path rules (path.posix, path.win32). */
export function rangsiFolders(paths: PlatformPath, home: string) {
  const under = (name: string) => paths.join(home, 'Rangsi', name);
  return { cd: under('CD'), viewer: under('Viewer'), scan: under('Scans') };
}

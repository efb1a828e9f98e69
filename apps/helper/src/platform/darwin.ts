import fs from 'node:fs';
import path from 'node:path';
import { rangsiFolders, type Platform } from './platform';

/** macOS: folders under ~/Rangsi, Weasis or Horos opened with `open -a`, burning with `hdiutil burn`. */
export const darwin: Platform = {
  name: 'darwin',
  defaultFolders: (home) => rangsiFolders(path.posix, home),
  defaultViewerCommand: () => {
    if (fs.existsSync('/Applications/Weasis.app'))
      return ['open', '-a', 'Weasis', '--args', '$dicom:get', '-l', '{folder}'];
    if (fs.existsSync('/Applications/Horos.app')) return ['open', '-a', 'Horos', '{folder}'];
    return null;
  },
  // hdiutil picks the drive itself; "default" (or any name) stands for the built-in or first external drive.
  burnerPresent: () => fs.existsSync('/usr/bin/drutil'),
  burnCommand: (_device, image) => ({ program: 'hdiutil', args: ['burn', image] }),
};

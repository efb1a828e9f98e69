import fs from 'node:fs';
import path from 'node:path';
import { rangsiFolders, type Platform } from './platform';

const RADIANT = [
  'C:\\Program Files\\RadiAntViewer\\RadiAntViewer.exe',
  'C:\\Program Files\\RadiAnt DICOM Viewer\\RadiAntViewer.exe',
  'C:\\Program Files (x86)\\RadiAnt DICOM Viewer\\RadiAntViewer.exe',
];

/** Windows: folders under %USERPROFILE%\Rangsi, RadiAnt (`-d <folder>`), burning with Windows' own isoburn.exe. */
export const windows: Platform = {
  name: 'windows',
  defaultFolders: (home) => rangsiFolders(path.win32, home),
  defaultViewerCommand: () => {
    const exe = RADIANT.find((p) => fs.existsSync(p));
    return exe ? [exe, '-d', '{folder}'] : null;
  },
  // The burner is a drive letter ("E:").
  burnerPresent: (device) => /^[A-Z]:$/i.test(device) && fs.existsSync(`${device}\\`),
  burnCommand: (device, image) => ({
    program: path.win32.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'isoburn.exe'),
    args: ['/Q', device, image],
  }),
};

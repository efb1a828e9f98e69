import fs from 'node:fs';
import path from 'node:path';
import { findProgram } from './find-program';
import { rangsiFolders, type Platform } from './platform';

/** Linux: folders under ~/Rangsi, Weasis when it is on PATH, burning with xorriso's cdrecord emulation. */
export const linux: Platform = {
  name: 'linux',
  defaultFolders: (home) => rangsiFolders(path.posix, home),
  // Weasis reads a local folder with its dicom:get command.
  defaultViewerCommand: () => (findProgram('weasis') ? ['weasis', '$dicom:get', '-l', '{folder}'] : null),
  burnerPresent: (device) => {
    try {
      return fs.statSync(device).isBlockDevice();
    } catch {
      return false;
    }
  },
  burnCommand: (device, image, xorriso) =>
    xorriso ? { program: xorriso, args: ['-as', 'cdrecord', '-v', `dev=${device}`, '-eject', image] } : null,
};

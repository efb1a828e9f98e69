import fs from 'node:fs';
import path from 'node:path';
import type { HelperConfig } from '../config';
import { burnImage } from '../disc/burner';
import { buildIso } from '../disc/iso-builder';
import { volumeLabel } from '../disc/volume-label';
import type { AfterUnpack } from '../exam-jobs/exam-job';
import { MSG } from '../messages';
import { ProgramError } from '../run-program';

/** cd/check: ready when an ISO tool is installed. */
export function cdReadiness(config: HelperConfig): { ready: boolean; detail: string } {
  return config.isoTool
    ? { ready: true, detail: MSG.isoReady(config.isoTool.kind) }
    : { ready: false, detail: MSG.noIsoTool };
}

/**
 * The CD helper's step after unpacking: the ISO 9660 image `<cd dir>/<name>.iso` (written beside as .part, renamed
 * when complete), then the disc when a burner is configured and present.
 */
export function cdAfterUnpack(config: HelperConfig): AfterUnpack {
  return async ({ job, folder, name, signal, setStage }) => {
    if (!config.isoTool) throw new ProgramError('xorriso', 'missing', '', null);
    setStage('image', MSG.image);
    const image = path.join(config.cdDir, `${name}.iso`);
    const part = `${image}.part`;
    try {
      await buildIso(config.isoTool, folder, part, volumeLabel(job.label ?? name), {
        timeoutMs: config.programTimeoutMs,
        signal,
      });
      await fs.promises.rename(part, image);
    } finally {
      await fs.promises.rm(part, { force: true });
    }
    job.image = image;
    const done = MSG.cdDone(folder, image);
    if (!config.burner) return done;
    if (!config.platform.burnerPresent(config.burner)) return `${done}\n${MSG.noDrive(config.burner)}`;
    setStage('burning', MSG.burning);
    const xorriso = config.isoTool.kind === 'xorriso' ? config.isoTool.program : null;
    await burnImage(config.platform, config.burner, image, xorriso, { timeoutMs: config.programTimeoutMs, signal });
    return `${done}\n${MSG.cdBurned}`;
  };
}

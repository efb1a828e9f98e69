import { spawn } from 'node:child_process';
import path from 'node:path';
import type { HelperConfig } from '../config';
import type { AfterUnpack } from '../exam-jobs/exam-job';
import { MSG } from '../messages';
import { ProgramError } from '../run-program';

/** radiant/check: ready when a viewer command is configured (or found where it is usually installed). */
export function radiantReadiness(config: HelperConfig): { ready: boolean; detail: string } {
  return config.viewerCommand
    ? { ready: true, detail: MSG.viewerReady(path.basename(config.viewerCommand[0]!)) }
    : { ready: false, detail: MSG.noViewer };
}

/** The viewer's arguments with the folder in place of "{folder}" (an argument each: no shell reads them). */
export function viewerArgs(command: string[], folder: string): { program: string; args: string[] } {
  const [program, ...args] = command.map((a) => a.replaceAll('{folder}', folder));
  return { program: program!, args };
}

/**
 * The RadiAnt helper's step after unpacking: start the viewer on the folder and leave it running (it is the user's
 * window now); the job succeeds once the program has started.
 */
export function radiantAfterUnpack(config: HelperConfig): AfterUnpack {
  return async ({ folder, setStage }) => {
    if (!config.viewerCommand) throw new ProgramError('viewer', 'missing', '', null);
    setStage('opening', MSG.opening);
    const { program, args } = viewerArgs(config.viewerCommand, folder);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(program, args, { detached: true, stdio: 'ignore', cwd: folder });
      child.once('error', (err: NodeJS.ErrnoException) =>
        reject(new ProgramError(program, err.code === 'ENOENT' ? 'missing' : 'failed', err.code ?? '', null)),
      );
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
    return MSG.viewerOpened(folder);
  };
}

import type { Platform } from '../platform/index';
import { ProgramError, runProgram } from '../run-program';

/** Burns the image to the configured drive with the platform's program. */
export async function burnImage(
  platform: Platform,
  device: string,
  image: string,
  xorriso: string | null,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const command = platform.burnCommand(device, image, xorriso);
  if (!command) throw new ProgramError('xorriso', 'missing', '', null);
  await runProgram(command.program, command.args, options);
}

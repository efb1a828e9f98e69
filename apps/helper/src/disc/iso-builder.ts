import { runProgram } from '../run-program';

export interface IsoTool {
  kind: 'xorriso' | 'genisoimage';
  program: string;
}

/**
 * Builds an ISO 9660 image of `folder` at `output` for a DICOM CD: level 1 names kept exactly as the DICOMDIR's file
 * ids (no added '.' or ';1', PS3.12 Annex F), with Rock Ridge and Joliet beside them for Linux and Windows readers.
 */
export async function buildIso(
  tool: IsoTool,
  folder: string,
  output: string,
  label: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const mkisofs = ['-iso-level', '1', '-N', '-d', '-r', '-J', '-V', label, '-o', output, folder];
  const args = tool.kind === 'xorriso' ? ['-as', 'mkisofs', ...mkisofs] : ['-quiet', ...mkisofs];
  await runProgram(tool.program, args, options);
}

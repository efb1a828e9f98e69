// The interop tests (vitest project `interop`: Rangsi beside a real Orthanc) run in a private network namespace, since
// Orthanc 1.10 binds every address: `unshare -n`, loopback brought up, then vitest. Used by scripts/test.mjs and, for
// developers, `npm run test:interop [-- files or vitest options]`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestCli = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

/** What the interop step needs of the machine and its Debian package. */
const NEEDED = [
  ['/usr/bin/unshare', 'util-linux'],
  ['/usr/sbin/ip', 'iproute2'],
  ['/usr/sbin/Orthanc', 'orthanc'],
  ['/usr/share/orthanc/plugins/libOrthancDicomWeb.so', 'orthanc-dicomweb'],
];

/** The files missing on this machine, each with the package that brings it ("" when nothing is missing). */
export function interopMissing() {
  return NEEDED.filter(([file]) => !existsSync(file))
    .map(([file, pkg]) => `${file} (apt-get install ${pkg})`)
    .join(', ');
}

/** [command, args] running `vitest run --project interop ...vitestArgs` inside a new network namespace. */
export function interopCommand(vitestArgs) {
  // Without root a user namespace comes first (-r), where the kernel allows it.
  const flags = process.getuid?.() === 0 ? ['-n'] : ['-r', '-n'];
  return [
    'unshare',
    [
      ...flags,
      '--',
      'sh',
      '-c',
      'ip link set lo up && exec "$0" "$@"',
      process.execPath,
      vitestCli,
      'run',
      '--project=interop',
      ...vitestArgs,
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = interopMissing();
  if (missing) {
    process.stderr.write(`interop tests cannot run: missing ${missing}\n`);
    process.exit(1);
  }
  const [command, args] = interopCommand(process.argv.slice(2));
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  child.on('error', (err) => {
    process.stderr.write(`interop tests cannot start ${command}: ${err.message}\n`);
    process.exit(1);
  });
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}

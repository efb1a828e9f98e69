// Writes one generated study as Part-10 files, for benchmarks and manual tests (storescu, a viewer):
//   npx tsx apps/server/src/seed/images/cli.ts --modality CT --slices 300 --size 512 --out /tmp/ct300
// Options: --modality CT|MR|CR|DX|US|MG, --out DIR (required), --slices, --size (CT), --syntax explicit-le|rle,
// --accession, --study-uid, --patient-name (PN, UTF-8), --patient-id. Prints the file count, bytes and time.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATED_MODALITIES, generateStudy, uidFrom, type GeneratedModality, type GeneratedSyntax } from './index';

const { values } = parseArgs({
  options: {
    modality: { type: 'string', default: 'CT' },
    out: { type: 'string' },
    slices: { type: 'string', default: '300' },
    size: { type: 'string', default: '512' },
    syntax: { type: 'string', default: 'explicit-le' },
    accession: { type: 'string', default: 'GEN0001' },
    'study-uid': { type: 'string' },
    'patient-name': { type: 'string', default: 'PHANTOM^HEAD=แฟนทอม^ศีรษะ' },
    'patient-id': { type: 'string', default: 'PHANTOM-1' },
  },
});

const modality = (values.modality ?? 'CT').toUpperCase() as GeneratedModality;
if (!GENERATED_MODALITIES.includes(modality) || !values.out || !['explicit-le', 'rle'].includes(values.syntax ?? '')) {
  process.stderr.write(
    'usage: cli.ts --modality CT|MR|CR|DX|US|MG --out DIR [--slices N --size N --syntax explicit-le|rle]\n',
  );
  process.exit(2);
}
const out = path.resolve(values.out);
fs.mkdirSync(out, { recursive: true });
const started = Date.now();
let files = 0;
let bytes = 0;
const now = new Date();
const date = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
for (const instance of generateStudy(modality, {
  syntax: values.syntax as GeneratedSyntax,
  patient: { name: values['patient-name'], id: values['patient-id'], sex: 'O' },
  study: {
    studyInstanceUid: values['study-uid'] ?? uidFrom(`cli|${values.accession}|${modality}`),
    accessionNumber: values.accession,
    date,
    time: '120000',
    description: `Generated ${modality}`,
  },
  ct: { slices: Number(values.slices), size: Number(values.size) },
})) {
  files += 1;
  bytes += instance.bytes.length;
  fs.writeFileSync(path.join(out, `${String(files).padStart(4, '0')}.dcm`), instance.bytes);
}
process.stdout.write(`${files} files, ${(bytes / 1e6).toFixed(1)} MB in ${out} (${Date.now() - started} ms)\n`);

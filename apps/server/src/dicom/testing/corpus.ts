import fs from 'node:fs';
import path from 'node:path';

/**
 * Debian python3-pydicom's test files (docs/pydicom-corpus.md). The package is a test dependency, installed by CI
 * (.ci/run): a test that uses the corpus fails, with a message that says what to install, when it is absent; it is
 * never skipped, since a skipped test passes whatever the code does.
 */
export const CORPUS_DIR = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

/** Throws, saying what to install, when the corpus is absent. */
export function requireCorpus(): void {
  if (!fs.existsSync(path.join(CORPUS_DIR, 'CT_small.dcm'))) {
    throw new Error(
      `the pydicom test corpus is missing (no ${CORPUS_DIR}/CT_small.dcm): install python3-pydicom (apt-get install python3-pydicom), as .ci/run does`,
    );
  }
}

/** The deliberately broken or unstorable files and why each is refused; every other .dcm file is valid. */
export const REFUSED: Record<string, string[]> = {
  'ExplVR_BigEndNoMeta.dcm': ['not-dicom'],
  'ExplVR_LitEndNoMeta.dcm': ['not-dicom'],
  'no_meta.dcm': ['not-dicom'],
  'rtstruct.dcm': ['not-dicom'],
  'meta_missing_tsyntax.dcm': ['not-dicom'],
  'MR_truncated.dcm': ['truncated'],
  'rtplan_truncated.dcm': ['truncated'],
  'SC_rgb_jpeg.dcm': ['not-dicom'],
  'JPEG2000-embedded-sequence-delimiter.dcm': ['not-dicom'],
  'badVR.dcm': ['not-dicom'],
  'UN_sequence.dcm': ['missing-uid'],
  'empty_charset_LEI.dcm': ['missing-uid'],
  'no_meta_group_length.dcm': ['missing-uid'],
  'priv_SQ.dcm': ['missing-uid'],
  'nested_priv_SQ.dcm': ['missing-uid', 'not-dicom'],
};

export function corpusFiles(): string[] {
  requireCorpus();
  return fs
    .readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.dcm'))
    .sort();
}

export function validCorpusFiles(): string[] {
  return corpusFiles().filter((f) => !(f in REFUSED));
}

export function corpusPath(file: string): string {
  requireCorpus();
  return path.join(CORPUS_DIR, file);
}

/**
 * A copy of an explicit VR little endian file with new study, series and instance UIDs of the same lengths (no length
 * field changes), so that a test can store it beside the original.
 */
export function withFreshUids(file: Buffer): Buffer {
  let text = file.toString('latin1');
  for (const tag of ['0020000D', '0020000E', '00080018']) {
    const uid = uidIn(text, tag);
    const fresh = uid.slice(0, -6) + String(100000 + Math.floor(Math.random() * 899999));
    text = text.split(uid).join(fresh);
  }
  return Buffer.from(text, 'latin1');
}

/**
 * JPEG2000.dcm with its codestream's SIZ marker segment zeroed, under fresh UIDs: a well-formed file the archive
 * stores, whose pixels no codec can decode.
 */
export function undecodableJ2k(): Buffer {
  const bytes = withFreshUids(fs.readFileSync(corpusPath('JPEG2000.dcm')));
  const soc = bytes.indexOf(Buffer.from([0xff, 0x4f, 0xff, 0x51]));
  if (soc < 0) throw new Error('no JPEG 2000 codestream');
  bytes.fill(0, soc, soc + 40);
  return bytes;
}

/** The value of a UI element in explicit VR little endian, found by its tag bytes. */
function uidIn(text: string, tag: string): string {
  const group = tag.slice(0, 4);
  const element = tag.slice(4);
  const key =
    String.fromCharCode(
      parseInt(group.slice(2), 16),
      parseInt(group.slice(0, 2), 16),
      parseInt(element.slice(2), 16),
      parseInt(element.slice(0, 2), 16),
    ) + 'UI';
  const at = text.indexOf(key);
  if (at < 0) throw new Error(`no ${tag}`);
  const length = text.charCodeAt(at + 6) | (text.charCodeAt(at + 7) << 8);
  return text.slice(at + 8, at + 8 + length).replace(/\0$/, '');
}

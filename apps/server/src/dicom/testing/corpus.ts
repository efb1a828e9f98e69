import fs from 'node:fs';
import path from 'node:path';

/** Debian python3-pydicom's test files (see ../shared/pydicom-corpus.md); tests skip when the package is absent. */
export const CORPUS_DIR = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
export const corpusAvailable = fs.existsSync(path.join(CORPUS_DIR, 'CT_small.dcm'));

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
  if (!corpusAvailable) return [];
  return fs.readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.dcm')).sort();
}

export function validCorpusFiles(): string[] {
  return corpusFiles().filter((f) => !(f in REFUSED));
}

export const corpusPath = (file: string) => path.join(CORPUS_DIR, file);

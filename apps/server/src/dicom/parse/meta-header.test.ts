import dicomParser from 'dicom-parser';
import { describe, expect, it } from 'vitest';
import { DEFLATED_TS } from '../testing/deflated';
import { metaHeaderEnd, readMetaHeader } from './meta-header';
import { readInstanceBytes } from './read-instance';

/**
 * A sound deflated instance the deflate-bomb test generated (random UIDs) and the archive refused as "unreadable meta
 * header": its compressed data set starts with 4d cd 75 54 53 51 (offset 350), which dicom-parser reads as a tag (CD4D,5475) with
 * VR SQ, and throws on, before it sees the tag is past group 0002. Synthetic, no patient in it.
 */
const SOUND_FILE = Buffer.from(
  [
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABESUNNAgAAAFVMBADOAAAAAgABAE9CAAACAAAAAAECAAIAVUka',
    'ADEuMi44NDAuMTAwMDguNS4xLjQuMS4xLjcAAgADAFVJJgAyLjI1Ljg2NTUzMjYwOTQxMzk5ODE1OTcyMTI0ODc1OTcxMDEyAAIAEABVSRYAMS',
    '4yLjg0MC4xMDAwOC4xLjIuMS45OQIAEgBVSSwAMi4yNS4yODUzMDI5MzAxMjU2MzIxNTE4Mzc1NDAzMzgyMDM3MzU0MzYyODkCABMAU0gIAFJB',
    'TkdTSV8xAgAWAEFFBgBBTllPTkVNzXVUU1EAx/HfBsJTAYcoItazcNbz3rt333uzYaBMGZtss0VQUTEwmB3Y3d3d3d3d3Ynd3e2R40H/+5zz/Z',
    '3zExAMtzUUVGKSJhOJEkI0iUtUkiUqUUmFgBC4rWFgEuOSpnBuYgoxy9RkNmuUm1VGmayp3KxSQhkEiIgMF8AI44QSJoDAZfMBJZQTIsABZzQg',
    'IAEWpx52lwEGOGL94EpK9cQ7Ej3JSSkeA0TE2AER/v+eTUzmnDAuq0TRiCbLXFU1E+Uq4Qo1UwIRAf+tOVM4UTkjKqOqRjVFMRGTmaqyqlKZUo',
    'gIhNWpBxVFBP2VEXq4nXroYIQ3LE4/2Oyxdkt0nN0WxUQjDBnVACMCMwXdHwkwQpcpfYZ8YYRXhoD0NAPsEQB0AHwDcucvWopqVarZXA2aJLfv',
    '0nvgiPHT5i5ZvWnngePnrqY/evnhu1e2wJBCYWXlChFWR534pDap3fsOGT1p5oLl67buOXzq4o17T998/uXjnytfkZJErRwV46yf2LJd514Dho',
    '+bOmfxqo079h87e+X2wxfvv+mzGvIULF7GVD482l67UbPWHbv1GTxq4oz5y9Zu2X3o5IXrd5+8/vQzi19QaGFjOaVSZM24egktUjr17D9s7JTZ',
    'i1Zu2L7v6JnLtx48f/dVJ+QILlCsNDNXrR7rbti0VYeuaYNGTpg+b+mazbsOnjh/7c7jVx9/eGfPmVcsIfGKlhq16jZu3tbTo9/QMZNnLVyxft',
    'veI6cv3bz/7O2X3w==',
  ].join(''),
  'base64',
);
const META_END = 350;

describe('the file meta header read on its own', () => {
  it('stops where group 0002 does, whatever bytes follow it', () => {
    expect(() => dicomParser.readPart10Header(SOUND_FILE)).toThrow();
    expect(metaHeaderEnd(SOUND_FILE)).toBe(META_END);
    expect(readMetaHeader(SOUND_FILE).string('x00020010')).toBe(DEFLATED_TS);
  });

  it('a deflated instance whose compressed bytes read like an element is read and kept, not refused', async () => {
    const read = await readInstanceBytes(SOUND_FILE);
    expect(read.ok, read.ok ? '' : read.reason).toBe(true);
  });

  it('a file without DICM has no meta group', () => {
    expect(metaHeaderEnd(SOUND_FILE.subarray(132))).toBe(0);
  });
});

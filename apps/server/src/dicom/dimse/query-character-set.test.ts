import { describe, expect, it } from 'vitest';
import { encodeTis620 } from '../parse/charset';
import { redecodeUndeclaredQuery as sut } from './query-character-set';

/** What dcmjs makes of undeclared bytes: the platform's 'latin1' decoder, which is windows-1252. */
const asDcmjsReads = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('redecodeUndeclaredQuery', () => {
  it('reads undeclared text again in the assumed set, names and sequence items included', () => {
    const thai = asDcmjsReads(encodeTis620('สมชาย*'));
    const identifier = {
      PatientName: [{ Alphabetic: thai }],
      ScheduledProcedureStepSequence: [{ ScheduledProcedureStepDescription: thai, Modality: 'CT' }],
      _vrMap: {},
    };
    expect(sut(identifier, 'ISO_IR 166')).toEqual({
      PatientName: [{ Alphabetic: 'สมชาย*' }],
      ScheduledProcedureStepSequence: [{ ScheduledProcedureStepDescription: 'สมชาย*', Modality: 'CT' }],
      _vrMap: {},
    });
  });

  it('gives back the bytes windows-1252 moved (0x80–0x9F), so they decode as the assumed set says', () => {
    const bytes = Uint8Array.from([0x80, 0x9f, 0xa1]);
    expect(sut({ PatientComments: asDcmjsReads(bytes) }, 'ISO_IR 166').PatientComments).toBe('\ufffd\ufffdก');
  });

  it('leaves a query that declares its set, or with no assumed set, as dcmjs read it', () => {
    const utf8 = { SpecificCharacterSet: 'ISO_IR 192', PatientName: [{ Alphabetic: 'สมชาย' }] };
    expect(sut(utf8, 'ISO_IR 166')).toBe(utf8);
    const undeclared = { PatientName: [{ Alphabetic: asDcmjsReads(encodeTis620('สม')) }] };
    expect(sut(undeclared, undefined)).toBe(undeclared);
  });
});

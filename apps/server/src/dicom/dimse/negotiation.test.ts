import { describe, expect, it } from 'vitest';
import { MPPS_SOP_CLASS } from './mpps/mpps';
import { acceptableSyntaxes, type Offers } from './negotiation';
import { STORAGE_COMMITMENT_SOP_CLASS } from './stgcmt/storage-commitment';

const none: Offers = { worklist: false, query: false, retrieve: false, move: false };

describe(acceptableSyntaxes.name, () => {
  it('offers Storage Commitment and MPPS only where the listener has them (MPPS: an AE that gets a worklist)', () => {
    expect(acceptableSyntaxes(STORAGE_COMMITMENT_SOP_CLASS, none)).toBeNull();
    expect(acceptableSyntaxes(MPPS_SOP_CLASS, { ...none, storageCommitment: true })).toBeNull();
    expect([...acceptableSyntaxes(STORAGE_COMMITMENT_SOP_CLASS, { ...none, storageCommitment: true })!]).toEqual([
      '1.2.840.10008.1.2',
      '1.2.840.10008.1.2.1',
    ]);
    expect(acceptableSyntaxes(MPPS_SOP_CLASS, { ...none, mpps: true })?.has('1.2.840.10008.1.2')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { dimse } from './lib';
import { MPPS_SOP_CLASS } from './mpps/mpps';
import { acceptableSyntaxes, negotiate, type Offers } from './negotiation';
import { STORAGE_COMMITMENT_SOP_CLASS } from './stgcmt/storage-commitment';
import { TS } from '../uids';

const CT = '1.2.840.10008.5.1.4.1.1.2';
const MR = '1.2.840.10008.5.1.4.1.1.4';
const SC = '1.2.840.10008.5.1.4.1.1.7';
const STUDY_ROOT_GET = '1.2.840.10008.5.1.4.1.2.2.3';
const ALL: Offers = { worklist: false, query: true, retrieve: true, move: false };

/**
 * An A-ASSOCIATE-RQ as dcmjs-dimse reads it: contexts in order, the SCP role (C-GET's storage contexts) recorded on the
 * first context of its SOP class only, as the library does with a role selection item.
 */
function proposed(contexts: { sop: string; syntaxes: string[]; scpRole?: boolean }[]) {
  const association = new dimse.association.Association('READING_WS', 'RANGSI');
  const withRole = new Set<string>();
  contexts.forEach((c, i) => {
    const id = association.addPresentationContext(c.sop, 2 * i + 1);
    for (const ts of c.syntaxes) association.addTransferSyntaxToPresentationContext(id, ts);
    if (c.scpRole && !withRole.has(c.sop)) {
      withRole.add(c.sop);
      association.getPresentationContext(id).setUserRole(false);
      association.getPresentationContext(id).setProviderRole(true);
    }
  });
  return association;
}
const accepted = (association: ReturnType<typeof proposed>) =>
  association.getPresentationContexts().map(({ context }) => context.getAcceptedTransferSyntaxUid());

describe(negotiate.name, () => {
  it('takes an uncompressed syntax for a C-GET storage context whose first choice is JPEG 2000 (getscu +xv); C-STORE contexts keep the peer’s first choice (DN4)', () => {
    const sut = proposed([
      { sop: STUDY_ROOT_GET, syntaxes: [TS.explicitLE, TS.implicitLE] },
      { sop: CT, syntaxes: [TS.jpeg2000Lossless, TS.explicitLE, TS.explicitBE, TS.implicitLE], scpRole: true },
      { sop: MR, syntaxes: [TS.explicitBE, TS.implicitLE], scpRole: true },
      { sop: SC, syntaxes: [TS.jpeg2000Lossless, TS.explicitLE] },
    ]);
    expect(negotiate(sut, ALL)).toEqual({ accepted: 4, rejected: 0 });
    // Big endian is not produced from other syntaxes either: implicit VR, which every image can go in.
    expect(accepted(sut)).toEqual([TS.explicitLE, TS.explicitLE, TS.implicitLE, TS.jpeg2000Lossless]);
    // An AE that may not retrieve gets nothing sent: its contexts are decided as for C-STORE.
    const modality = proposed([{ sop: CT, syntaxes: [TS.jpeg2000Lossless, TS.explicitLE], scpRole: true }]);
    negotiate(modality, { worklist: true, query: false, retrieve: false, move: false });
    expect(accepted(modality)).toEqual([TS.jpeg2000Lossless]);
  });

  it('reads the SCP role per SOP class: a later context of the class takes an uncompressed syntax, compressed ones stay where another context carries uncompressed', () => {
    const sut = proposed([
      // The first CT context is compressed only: the later one, without the role in dcmjs-dimse, carries the rest.
      { sop: CT, syntaxes: [TS.jpeg2000Lossless], scpRole: true },
      { sop: CT, syntaxes: [TS.jpegBaseline, TS.implicitLE], scpRole: true },
      { sop: MR, syntaxes: [TS.jpegLsLossless, TS.explicitLE], scpRole: true },
      { sop: MR, syntaxes: [TS.explicitLE], scpRole: true },
      // A class with compressed contexts only: they carry the images stored in those syntaxes.
      { sop: SC, syntaxes: [TS.rle], scpRole: true },
    ]);
    expect(negotiate(sut, ALL)).toEqual({ accepted: 5, rejected: 0 });
    expect(accepted(sut)).toEqual([TS.jpeg2000Lossless, TS.implicitLE, TS.jpegLsLossless, TS.explicitLE, TS.rle]);
  });
});

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

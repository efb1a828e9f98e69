import { dimse, type DimseAssociation, type DimsePresentationContext } from './lib';
import { MPPS_SOP_CLASS } from './mpps/mpps';
import { rootOf } from './qr/models';
import { STORAGE_COMMITMENT_SOP_CLASS } from './stgcmt/storage-commitment';
import {
  isStorageSopClass,
  MWL_FIND_SOP_CLASS,
  QUERY_TRANSFER_SYNTAXES,
  STORAGE_TRANSFER_SYNTAXES,
  TS,
  VERIFICATION_SOP_CLASS,
} from '../uids';

const PcResult = dimse.constants.PresentationContextResult;

/** The query services offered on an association. */
export interface Offers {
  worklist: boolean;
  /** Study Root C-FIND (the calling AE is on the query list). */
  query: boolean;
  /** Study Root C-GET (the calling AE is on the query list). */
  retrieve: boolean;
  /** Study Root C-MOVE (the calling AE is on the query list, and there are destinations). */
  move: boolean;
  /** Storage Commitment Push Model (the listener has the SCP). */
  storageCommitment?: boolean;
  /** Modality Performed Procedure Step (the listener has the SCP and the AE gets a worklist). */
  mpps?: boolean;
}

/** Which transfer syntaxes we accept for an abstract syntax, or null when we do not offer it. */
export function acceptableSyntaxes(abstractSyntaxUid: string, offers: Offers): ReadonlySet<string> | null {
  if (abstractSyntaxUid === VERIFICATION_SOP_CLASS) return QUERY_TRANSFER_SYNTAXES;
  if (abstractSyntaxUid === MWL_FIND_SOP_CLASS) return offers.worklist ? QUERY_TRANSFER_SYNTAXES : null;
  if (abstractSyntaxUid === STORAGE_COMMITMENT_SOP_CLASS)
    return offers.storageCommitment ? QUERY_TRANSFER_SYNTAXES : null;
  if (abstractSyntaxUid === MPPS_SOP_CLASS) return offers.mpps ? QUERY_TRANSFER_SYNTAXES : null;
  const root = rootOf(abstractSyntaxUid);
  if (root?.service === 'find') return offers.query ? QUERY_TRANSFER_SYNTAXES : null;
  if (root?.service === 'get') return offers.retrieve ? QUERY_TRANSFER_SYNTAXES : null;
  if (root?.service === 'move') return offers.move ? QUERY_TRANSFER_SYNTAXES : null;
  if (isStorageSopClass(abstractSyntaxUid)) return STORAGE_TRANSFER_SYNTAXES;
  return null;
}

/** Syntaxes every image we can read can be rewritten into for a C-GET (rewriteTo); the others go only as stored. */
const SENDABLE_FROM_ANY: ReadonlySet<string> = new Set([TS.explicitLE, TS.implicitLE]);

/**
 * Decides every proposed presentation context (dcmjs-dimse problem 3). The README's example loops over a context's
 * transfer syntaxes and calls setResult() inside the loop; setResult() empties and refills that very list, so an
 * unsupported first syntax rejects the context even when a later one is supported. Here the proposal is copied first,
 * the peer's preference order is honoured, and setResult() is called once per context.
 */
export function negotiate(association: DimseAssociation, offers: Offers): { accepted: number; rejected: number } {
  let accepted = 0;
  let rejected = 0;
  const sendable = offers.retrieve ? sendableContexts(association) : new Map<DimsePresentationContext, string>();
  for (const { context } of association.getPresentationContexts()) {
    const proposed = [...context.getTransferSyntaxUids()];
    const ours = acceptableSyntaxes(context.getAbstractSyntaxUid(), offers);
    if (!ours) {
      context.setResult(PcResult.RejectAbstractSyntaxNotSupported);
      rejected++;
      continue;
    }
    const chosen = sendable.get(context) ?? proposed.find((ts) => ours.has(ts));
    if (chosen) {
      context.setResult(PcResult.Accept, chosen);
      accepted++;
    } else {
      context.setResult(PcResult.RejectTransferSyntaxesNotSupported);
      rejected++;
    }
  }
  return { accepted, rejected };
}

/**
 * The storage contexts a C-GET's images come back on (the peer proposed the SCP role, PS3.4 C.4.3.3). A context takes
 * one syntax, and which images a C-GET will ask for is not known yet: a compressed syntax (the peer's first choice,
 * as getscu +xv proposes JPEG 2000 first) carries only the images stored in it, while explicit or implicit VR little
 * endian carries every image we can decode (io10). So each SOP class keeps at least one context in an uncompressed
 * syntax when the peer proposed one: if none of its contexts has one as the peer's first choice, the first context
 * that proposed one takes it instead. Other contexts keep the peer's choice and carry the images stored in it.
 */
function sendableContexts(association: DimseAssociation): Map<DimsePresentationContext, string> {
  const scpRole = scpRoleSopClasses(association);
  const bySopClass = new Map<string, DimsePresentationContext[]>();
  for (const { context } of association.getPresentationContexts()) {
    const sop = context.getAbstractSyntaxUid();
    if (!scpRole.has(sop) || !isStorageSopClass(sop)) continue;
    bySopClass.set(sop, [...(bySopClass.get(sop) ?? []), context]);
  }
  const override = new Map<DimsePresentationContext, string>();
  for (const group of bySopClass.values()) {
    const firstChoice = (c: DimsePresentationContext) =>
      c.getTransferSyntaxUids().find((ts) => STORAGE_TRANSFER_SYNTAXES.has(ts));
    if (group.some((c) => SENDABLE_FROM_ANY.has(firstChoice(c) ?? ''))) continue;
    for (const context of group) {
      const uncompressed = context.getTransferSyntaxUids().find((ts) => SENDABLE_FROM_ANY.has(ts));
      if (!uncompressed) continue;
      override.set(context, uncompressed);
      break;
    }
  }
  return override;
}

/**
 * The SOP classes for which the peer proposed the SCP role: the contexts a C-GET's images may go on. Role selection is
 * per SOP class (PS3.7 D.3.3.4), for all its contexts; dcmjs-dimse records it on the first context of the class only,
 * so a peer proposing JPEG 2000 on one context and uncompressed on another would get nothing on the second.
 */
export function scpRoleSopClasses(association: DimseAssociation): Set<string> {
  const classes = new Set<string>();
  for (const { context } of association.getPresentationContexts())
    if (context.getProviderRole() === true) classes.add(context.getAbstractSyntaxUid());
  return classes;
}

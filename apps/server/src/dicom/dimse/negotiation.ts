import { dimse, type DimseAssociation } from './lib';
import { MPPS_SOP_CLASS } from './mpps/mpps';
import { rootOf } from './qr/models';
import { STORAGE_COMMITMENT_SOP_CLASS } from './stgcmt/storage-commitment';
import {
  isStorageSopClass,
  MWL_FIND_SOP_CLASS,
  QUERY_TRANSFER_SYNTAXES,
  STORAGE_TRANSFER_SYNTAXES,
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

/**
 * Decides every proposed presentation context (dcmjs-dimse problem 3). The README's example loops over a context's
 * transfer syntaxes and calls setResult() inside the loop; setResult() empties and refills that very list, so an
 * unsupported first syntax rejects the context even when a later one is supported. Here the proposal is copied first,
 * the peer's preference order is honoured, and setResult() is called once per context.
 */
export function negotiate(association: DimseAssociation, offers: Offers): { accepted: number; rejected: number } {
  let accepted = 0;
  let rejected = 0;
  for (const { context } of association.getPresentationContexts()) {
    const proposed = [...context.getTransferSyntaxUids()];
    const ours = acceptableSyntaxes(context.getAbstractSyntaxUid(), offers);
    if (!ours) {
      context.setResult(PcResult.RejectAbstractSyntaxNotSupported);
      rejected++;
      continue;
    }
    const chosen = proposed.find((ts) => ours.has(ts));
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

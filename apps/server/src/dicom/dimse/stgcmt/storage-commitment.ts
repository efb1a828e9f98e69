import type { Database } from '../../../db/client';
import { FailureReason, isUid, itemsOf } from '../normalized-status';
import { StorageCommitmentRepository } from './storage-commitment.repository';

/** Storage Commitment Push Model SOP Class and its well-known instance (PS3.4 J.3.5). */
export const STORAGE_COMMITMENT_SOP_CLASS = '1.2.840.10008.1.20.1';
export const STORAGE_COMMITMENT_SOP_INSTANCE = '1.2.840.10008.1.20.1.1';
/** N-ACTION Action Type ID: Request Storage Commitment; N-EVENT-REPORT Event Type IDs (PS3.4 J.3.2, J.3.3). */
export const REQUEST_STORAGE_COMMITMENT = 1;
export const EventType = { AllCommitted: 1, FailuresExist: 2 } as const;

export interface SopReference {
  sopClassUid: string;
  sopInstanceUid: string;
}

/** A Storage Commitment Request's action information (PS3.4 Table J.3-1). */
export interface CommitmentRequest {
  transactionUid: string;
  references: SopReference[];
}

/** What the archive commits to: every reference of the request, each committed or failed with its reason. */
export interface CommitmentResult {
  transactionUid: string;
  committed: SopReference[];
  failed: (SopReference & { reason: number })[];
}

/** What the listener asks of storage commitment: which of the referenced instances are safe with us. */
export interface StorageCommitmentSource {
  check(request: CommitmentRequest): Promise<CommitmentResult>;
}

/** The action information of an N-ACTION (naturalized by dcmjs-dimse), or why it is not one we can act on. */
export function parseCommitmentRequest(
  elements: Record<string, unknown>,
): { ok: true; request: CommitmentRequest } | { ok: false; comment: string } {
  const transactionUid = elements.TransactionUID;
  if (!isUid(transactionUid)) return { ok: false, comment: 'TransactionUID missing or not a UID' };
  const items = itemsOf(elements.ReferencedSOPSequence);
  if (items.length === 0) return { ok: false, comment: 'ReferencedSOPSequence missing or empty' };
  const references: SopReference[] = [];
  for (const item of items) {
    const sopClassUid = item.ReferencedSOPClassUID;
    const sopInstanceUid = item.ReferencedSOPInstanceUID;
    if (!isUid(sopClassUid) || !isUid(sopInstanceUid))
      return { ok: false, comment: 'a ReferencedSOPSequence item lacks its SOP class or instance UID' };
    references.push({ sopClassUid, sopInstanceUid });
  }
  return { ok: true, request: { transactionUid, references } };
}

/**
 * Commits to what the archive holds: an instance is committed when its index row is there and not deleted (its file
 * was flushed before its C-STORE was answered, IN9), under the SOP class the modality names. Cold-archived
 * instances count: their zip was verified before the hot file went.
 */
export class StorageCommitment implements StorageCommitmentSource {
  private readonly repo: StorageCommitmentRepository;
  constructor(db: Database) {
    this.repo = new StorageCommitmentRepository(db);
  }

  async check(request: CommitmentRequest): Promise<CommitmentResult> {
    const held = await this.repo.heldInstances([...new Set(request.references.map((r) => r.sopInstanceUid))]);
    const result: CommitmentResult = { transactionUid: request.transactionUid, committed: [], failed: [] };
    for (const ref of request.references) {
      const sopClassUid = held.get(ref.sopInstanceUid);
      if (sopClassUid === undefined) result.failed.push({ ...ref, reason: FailureReason.NoSuchObjectInstance });
      else if (sopClassUid !== ref.sopClassUid)
        result.failed.push({ ...ref, reason: FailureReason.ClassInstanceConflict });
      else result.committed.push(ref);
    }
    return result;
  }
}

/** The N-EVENT-REPORT's event type and information (PS3.4 Table J.3-2), naturalized for dcmjs-dimse. */
export function commitmentReport(result: CommitmentResult): { eventTypeId: number; elements: Record<string, unknown> } {
  const elements: Record<string, unknown> = { TransactionUID: result.transactionUid };
  if (result.committed.length > 0)
    elements.ReferencedSOPSequence = result.committed.map((r) => ({
      ReferencedSOPClassUID: r.sopClassUid,
      ReferencedSOPInstanceUID: r.sopInstanceUid,
    }));
  if (result.failed.length > 0)
    elements.FailedSOPSequence = result.failed.map((r) => ({
      ReferencedSOPClassUID: r.sopClassUid,
      ReferencedSOPInstanceUID: r.sopInstanceUid,
      FailureReason: r.reason,
    }));
  return { eventTypeId: result.failed.length > 0 ? EventType.FailuresExist : EventType.AllCommitted, elements };
}

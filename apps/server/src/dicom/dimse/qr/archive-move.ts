import { StoreScu, StoreAssociationError, type StorageSyntax, type StoreDestination } from '../scu/store-scu';
import { Status, TS } from '../../uids';
import type { QueryRoot } from './archive-find';
import type { ArchiveRetrieveSource, RetrievableInstance } from './archive-get';
import { sendSubOperations, type SubOperationCounts } from './get-suboperations';
import { DECOMPRESSIBLE } from '../../transcode/to-native';

/** Study Root Query/Retrieve Information Model – MOVE (PS3.4 C.6.2). */
export const STUDY_ROOT_MOVE_SOP_CLASS = '1.2.840.10008.5.1.4.1.2.2.2';
/** Patient Root Query/Retrieve Information Model – MOVE (PS3.4 C.6.1). */
export const PATIENT_ROOT_MOVE_SOP_CLASS = '1.2.840.10008.5.1.4.1.2.1.2';

/** C-MOVE statuses of its own (PS3.4 C.4.2.1.5). */
export const MoveStatus = {
  /** Refused: out of resources, unable to perform sub-operations (the destination cannot be reached or refuses). */
  UnableToPerformSubOperations: 0xa702,
  /** Refused: move destination unknown. */
  DestinationUnknown: 0xa801,
  /** Sub-operations complete, one or more failures or warnings. */
  CompleteWithFailures: 0xb000,
} as const;

export interface MoveRequest {
  identifier: Record<string, unknown>;
  /** MoveDestination (0000,0600) as sent. */
  moveDestination: string;
  callingAe: string;
  messageId: number;
  /** The information model (Study Root by default). */
  root?: QueryRoot;
}

export interface MoveServices {
  retrieve: ArchiveRetrieveSource;
  /** The destination table (DICOM_MOVE_DESTINATIONS), by AE title. */
  destinations: ReadonlyMap<string, StoreDestination>;
  /** Our AE title: the calling AE of the association to the destination. */
  aeTitle: string;
  onProgress?(counts: Readonly<SubOperationCounts>, remaining: number): void;
  /** C-CANCEL (or the requester gone): no more sub-operations; the answer is Cancel with the counts so far. */
  signal?: AbortSignal;
  /** Timeouts of the association to the destination (tests shorten them). */
  connectTimeoutMs?: number;
}

export interface MoveOutcome {
  status: number;
  comment?: string;
  counts?: SubOperationCounts;
  /** Images not tried (cancelled). */
  remaining?: number;
  /** Images matched. */
  matched: number;
  /** The images not stored at the destination, for the final response's Failed SOP Instance UID List. */
  failedSopInstanceUids?: string[];
}

/**
 * Performs a Study Root or Patient Root C-MOVE (PS3.4 C.4.2.3): the destination must be in the table, the instances are located as for
 * a C-GET, and each is sent as a C-STORE sub-operation on a new association from us to the destination, as stored (a
 * compressed image decompressed when the destination takes only uncompressed ones).
 */
export async function performMove(req: MoveRequest, services: MoveServices): Promise<MoveOutcome> {
  const destination = services.destinations.get(req.moveDestination.trim());
  if (!destination)
    return {
      status: MoveStatus.DestinationUnknown,
      comment: "move destination is not in this archive's table",
      matched: 0,
    };
  // A scoped workstation may not hand its studies to a node trusted with less (IN15): refused before any lookup.
  if (services.retrieve.mayMoveTo && !services.retrieve.mayMoveTo(req.callingAe, destination.aeTitle)) {
    return {
      status: MoveStatus.DestinationUnknown,
      comment: 'this AE title may not send to that move destination',
      matched: 0,
    };
  }
  const located = await services.retrieve.locate(req.identifier, {
    callingAe: req.callingAe,
    moveDestination: destination.aeTitle,
    ...(req.root ? { root: req.root } : {}),
  });
  if (!located.ok) return { status: located.status, comment: located.comment, matched: 0 };
  const instances = located.instances;
  if (instances.length === 0)
    return { status: Status.Success, counts: { completed: 0, failed: 0, warning: 0 }, matched: 0 };
  let scu: StoreScu;
  try {
    scu = await StoreScu.open({
      destination,
      callingAe: services.aeTitle,
      syntaxes: storageSyntaxes(instances),
      moveOriginator: { aeTitle: req.callingAe, messageId: req.messageId },
      ...(services.connectTimeoutMs ? { connectTimeoutMs: services.connectTimeoutMs } : {}),
    });
  } catch (err) {
    if (!(err instanceof StoreAssociationError)) throw err;
    return {
      status: MoveStatus.UnableToPerformSubOperations,
      comment: err.message,
      counts: { completed: 0, failed: instances.length, warning: 0 },
      matched: instances.length,
      failedSopInstanceUids: instances.map((i) => i.sopInstanceUid),
    };
  }
  let sofar: SubOperationCounts = { completed: 0, failed: 0, warning: 0 };
  const stored = new Set<string>();
  let result;
  try {
    result = await sendSubOperations(scu, instances, {
      onProgress: (c, remaining) => {
        sofar = { ...c };
        services.onProgress?.(c, remaining);
      },
      onStored: (sop) => stored.add(sop),
      ...(services.signal ? { signal: services.signal } : {}),
    });
  } catch {
    scu.abort();
    // The destination went away midway: what was not confirmed counts as failed.
    const done = sofar.completed + sofar.warning;
    return {
      status: MoveStatus.CompleteWithFailures,
      matched: instances.length,
      comment: `${destination.aeTitle} ended the association: ${instances.length - done} of ${instances.length} images not sent`,
      counts: { ...sofar, failed: instances.length - done },
      failedSopInstanceUids: instances.map((i) => i.sopInstanceUid).filter((sop) => !stored.has(sop)),
    };
  }
  await scu.release();
  const { remaining, failedSopInstanceUids, ...counts } = result;
  if (remaining > 0)
    return { status: Status.Cancel, counts, remaining, matched: instances.length, failedSopInstanceUids };
  return {
    status: counts.failed + counts.warning > 0 ? MoveStatus.CompleteWithFailures : Status.Success,
    counts,
    matched: instances.length,
    failedSopInstanceUids,
    ...(counts.failed
      ? {
          comment: `${counts.failed} of ${instances.length} images not sent (transfer syntax not accepted by ${destination.aeTitle}, or archived)`,
        }
      : {}),
  };
}

/** Uncompressed syntaxes other than little endian that a file is rewritten from. */
const REWRITTEN_TO_LITTLE: ReadonlySet<string> = new Set([TS.deflate, TS.explicitBE]);

/**
 * One context per SOP class and stored transfer syntax, plus explicit VR little endian beside a compressed, deflated or
 * big endian one, and implicit VR little endian (the default every SCP takes) beside all of them: the files go
 * rewritten when need be (routeOf).
 */
export function storageSyntaxes(instances: readonly RetrievableInstance[]): StorageSyntax[] {
  const seen = new Map<string, StorageSyntax>();
  const add = (sopClassUid: string, transferSyntaxUid: string) => {
    const k = `${sopClassUid}|${transferSyntaxUid}`;
    if (!seen.has(k)) seen.set(k, { sopClassUid, transferSyntaxUid });
  };
  for (const i of instances) {
    add(i.sopClassUid, i.transferSyntaxUid);
    // A destination that takes neither deflate nor big endian gets them inflated or byte-swapped (rewriteTo).
    const rewritable = DECOMPRESSIBLE.has(i.transferSyntaxUid) || REWRITTEN_TO_LITTLE.has(i.transferSyntaxUid);
    if (rewritable) add(i.sopClassUid, TS.explicitLE);
    if (rewritable || i.transferSyntaxUid === TS.explicitLE) add(i.sopClassUid, TS.implicitLE);
  }
  return [...seen.values()];
}

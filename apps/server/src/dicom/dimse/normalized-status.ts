/**
 * Statuses of the DIMSE-N services (PS3.7 C.4 and Annex C) used by the Storage Commitment and MPPS SCPs. Kept apart
 * from uids.ts's C-service statuses: the same failure has other codes here (0x0110, not 0xC000).
 */
export const NStatus = {
  Success: 0x0000,
  /** The request could not be carried out (MPPS: an N-SET on a step already COMPLETED or DISCONTINUED). */
  ProcessingFailure: 0x0110,
  /** N-CREATE of an MPPS instance that exists already. */
  DuplicateSopInstance: 0x0111,
  /** The instance named does not exist (N-SET of an unknown MPPS; N-ACTION not on the well-known instance). */
  NoSuchSopInstance: 0x0112,
  /** N-ACTION's action information is wrong (no Transaction UID, no references, a reference without UIDs). */
  InvalidArgumentValue: 0x0115,
  /** An attribute's value is wrong (an N-CREATE not IN PROGRESS, an unknown status, a malformed UID). */
  InvalidAttributeValue: 0x0106,
  /** A required attribute is absent (an N-CREATE without its Scheduled Step Attributes Sequence). */
  MissingAttribute: 0x0120,
  /** An attribute the operation needs is missing (an N-SET to COMPLETED without any performed series). */
  MissingAttributeValue: 0x0121,
  /** The request's SOP class is not the context's, or not one we offer. */
  SopClassNotSupported: 0x0122,
  /** N-ACTION with an action type other than 1 (Request Storage Commitment). */
  NoSuchActionType: 0x0123,
  /** The calling AE may not use the service (the worklist's AE scope leaves the exam out). */
  NotAuthorized: 0x0124,
  /** The database could not be reached: the modality may try again. */
  ResourceLimitation: 0x0213,
} as const;

/** Storage Commitment FailureReason (0008,1197) values (PS3.4 J.3.3.1.1). */
export const FailureReason = {
  ProcessingFailure: 0x0110,
  NoSuchObjectInstance: 0x0112,
  ClassInstanceConflict: 0x0119,
} as const;

/** A UI value: 1-64 characters, components of digits separated by dots, no leading zero in a component. */
export function isUid(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= 64 &&
    /^(0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*$/.test(value)
  );
}

/** A naturalized text value (dcmjs gives a string, or an array of them for VM > 1): its first value, trimmed. */
export function textOf(value: unknown): string | null {
  const v = Array.isArray(value) ? (value[0] as unknown) : value;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** A naturalized sequence: its items (objects), or [] when absent or empty. */
export function itemsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null && !Array.isArray(i))
    : [];
}

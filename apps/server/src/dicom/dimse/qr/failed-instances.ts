import { dimse, type DimseDataset } from '../lib';

/** A UI value's length field in explicit VR has 16 bits: the list stops before it would pass this. */
const MAX_LIST_BYTES = 0xfffe;

/**
 * The identifier of a final C-GET or C-MOVE response that some sub-operations failed (Warning, Cancel or Failure):
 * the Failed SOP Instance UID List (0008,0058, PS3.4 C.4.2.1.3.1 and C.4.3.1.3.1), in the request context's transfer
 * syntax. A list too long for one UI value (about a thousand UIDs) is cut there; the counts still say how many failed.
 */
export function failedInstancesIdentifier(sopInstanceUids: readonly string[], transferSyntaxUid: string): DimseDataset {
  const kept: string[] = [];
  let bytes = 0;
  for (const uid of sopInstanceUids) {
    bytes += uid.length + (kept.length ? 1 : 0);
    if (bytes > MAX_LIST_BYTES) break;
    kept.push(uid);
  }
  return new dimse.Dataset({ FailedSOPInstanceUIDList: kept }, transferSyntaxUid);
}

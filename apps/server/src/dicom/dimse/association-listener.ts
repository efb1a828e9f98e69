import type { Logger } from 'pino';
import type { DicomArchive } from '../archive';
import type { AeCharacterSets } from './ae-character-sets';
import type { MppsSource } from './mpps/mpps';
import type { WorklistSource } from './mwl/worklist';
import type { ArchiveQuerySource } from './qr/archive-find';
import type { ArchiveRetrieveSource } from './qr/archive-get';
import type { StoreDestination } from './scu/store-scu';
import type { StorageCommitmentSource } from './stgcmt/storage-commitment';

/** The listener's settings, resolved from its options (defaults filled in). */
export interface ListenerSettings {
  aeTitle: string;
  /** null: any calling AE. */
  allowed: Set<string> | null;
  queryAes: Set<string>;
  characterSets: AeCharacterSets;
  maxInstanceBytes: number;
  maxAssociations: number;
  maxConnectionsPerAddress: number;
  maxWaitingConnections: number;
  idleTimeoutMs: number;
  associationRequestTimeoutMs: number;
  maxPduLength: number;
  writeHighWaterMark: number;
}

/** What an association needs of its listener (the DicomListener). */
export interface AssociationListener {
  readonly config: Readonly<ListenerSettings>;
  readonly log: Logger;
  readonly isDraining: boolean;
  readonly archive: DicomArchive;
  readonly worklist: WorklistSource | null;
  readonly query: ArchiveQuerySource | null;
  readonly retrieve: ArchiveRetrieveSource | null;
  readonly moveDestinations: ReadonlyMap<string, StoreDestination>;
  readonly storageCommitment: StorageCommitmentSource | null;
  readonly mpps: MppsSource | null;
  readonly moveConnectTimeoutMs: number | undefined;
  /** Accepted associations, in all or from one address. */
  activeAssociations(remoteAddress?: string): number;
  newTempPath(): string;
  record(kind: 'stored' | 'failed'): void;
  recordBuffered(bytes: number): void;
}

import { dimse } from './lib';

const { RejectResult, RejectSource, RejectReason } = dimse.constants;

/** An A-ASSOCIATE-RJ: its result, source and reason, and why, for the log. */
export interface AssociationRejection {
  result: number;
  source: number;
  reason: number;
  why: string;
}

/** The listener's rules for who may associate (its settings). */
export interface AdmissionRules {
  aeTitle: string;
  /** null: any calling AE. */
  allowed: Set<string> | null;
  maxAssociations: number;
  maxConnectionsPerAddress: number;
}

/** The listener at the moment an A-ASSOCIATE-RQ arrives. */
export interface ListenerLoad {
  draining: boolean;
  /** Accepted associations, from every address. */
  active: () => number;
  /** Accepted associations from the caller's address. */
  activeFromAddress: () => number;
}

/**
 * Why an association request is rejected, or null to accept it. Shutdown and the slot limits come first and are
 * transient (the modality retries later); a wrong called AE or an unknown calling AE is permanent (SEC20, SEC21).
 */
export function rejectionOf(
  called: string,
  calling: string,
  load: ListenerLoad,
  rules: AdmissionRules,
): AssociationRejection | null {
  if (load.draining) {
    return {
      result: RejectResult.Transient,
      source: RejectSource.ServiceProviderPresentation,
      reason: RejectReason.TemporaryCongestion,
      why: 'shutting down',
    };
  }
  if (load.active() >= rules.maxAssociations) {
    return {
      result: RejectResult.Transient,
      source: RejectSource.ServiceProviderPresentation,
      reason: RejectReason.LocalLimitExceeded,
      why: 'too many associations',
    };
  }
  if (load.activeFromAddress() >= rules.maxConnectionsPerAddress) {
    return {
      result: RejectResult.Transient,
      source: RejectSource.ServiceProviderPresentation,
      reason: RejectReason.LocalLimitExceeded,
      why: 'too many associations from this address',
    };
  }
  if (called !== rules.aeTitle) {
    return {
      result: RejectResult.Permanent,
      source: RejectSource.ServiceUser,
      reason: RejectReason.CalledAeNotRecognized,
      why: 'called AE title is not ours',
    };
  }
  if (rules.allowed && !rules.allowed.has(calling)) {
    return {
      result: RejectResult.Permanent,
      source: RejectSource.ServiceUser,
      reason: RejectReason.CallingAeNotRecognized,
      why: 'calling AE title not allowed',
    };
  }
  return null;
}

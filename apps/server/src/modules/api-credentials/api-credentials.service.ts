import { ROLE_DEFAULTS, type RoleName } from '@rangsi/domain';
import {
  API_CREDENTIAL_ROLES,
  type ApiCredential,
  type ApiCredentialList,
  type ApiCredentialRole,
  type CreateApiCredentialInput,
  type CreatedApiCredential,
} from '@rangsi/contract';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { MachineCredentials, PresentedCredential } from '../../auth/machine-credential';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AttemptLimiter, AttemptPolicy } from '../../http/attempt-limiter';
import { apiCredentialError } from './api-credentials.errors';
import type { ApiCredentialsRepository } from './api-credentials.repository';
import { newCredentialSecret, secretMatches } from './credential-secret';

/**
 * Failed credential checks (decision io53): per key and address a growing wait after 5 and a 15-minute refusal after
 * 20; per address over all keys a wait after 20 and a refusal after 100. No limit per key alone: its id is in the
 * PACS's configuration and logs, and anyone who saw it could otherwise hold its system off.
 */
export const CREDENTIAL_POLICIES = {
  keyAndAddress: {
    free: 5,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
    lockAfter: 20,
    lockMs: 15 * 60_000,
    windowMs: 15 * 60_000,
  },
  address: {
    free: 20,
    baseDelayMs: 1_000,
    maxDelayMs: 5 * 60_000,
    lockAfter: 100,
    lockMs: 15 * 60_000,
    windowMs: 15 * 60_000,
  },
} satisfies Record<string, AttemptPolicy>;

/** How seldom a credential's last use is written: a PACS's hundreds of calls a minute cost one write. */
export const LAST_USED_EVERY_MS = 60_000;

type ListRow = Awaited<ReturnType<ApiCredentialsRepository['list']>>[number];

export interface ApiCredentialsServiceDeps {
  repo: ApiCredentialsRepository;
  audit: AuditService;
  attempts: AttemptLimiter;
  now: () => Date;
}

/** API credentials of outside systems: the administrator creates, lists and revokes them; every call is checked here. */
export class ApiCredentialsService implements MachineCredentials {
  /** When each credential's last use was last written by this process. */
  private readonly touched = new Map<string, number>();

  constructor(private readonly deps: ApiCredentialsServiceDeps) {}

  async list(): Promise<ApiCredentialList> {
    const [rows, branches, hospitals] = await Promise.all([
      this.deps.repo.list(),
      this.deps.repo.branches(),
      this.deps.repo.activeHospitals(),
    ]);
    return { credentials: rows.map(toCredential), branches, hospitals };
  }

  /** A new credential; its secret is in this answer only (the database keeps its hash). */
  async create(admin: CurrentUser, input: CreateApiCredentialInput): Promise<CreatedApiCredential> {
    const scope = await this.scopeOf(input);
    const made = newCredentialSecret();
    let id: string;
    try {
      id = await this.deps.repo.insert({
        keyId: made.keyId,
        secretHash: made.secretHash,
        name: input.name,
        roleName: input.roleName,
        scopeKind: input.scope,
        ...scope,
        createdBy: admin.userId,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'api_credentials_name_unique'))
        throw apiCredentialError('API_CREDENTIAL_NAME_TAKEN', { field: 'name' });
      throw err;
    }
    const [row] = await this.deps.repo.list(id);
    const credential = toCredential(row!);
    await this.deps.audit.record(
      null,
      {
        action: 'credential.create',
        entityType: 'api_credential',
        entityId: id,
        detail: { name: credential.name, keyId: credential.keyId, role: credential.roleName, scope: credential.scope },
      },
      admin,
    );
    return { credential, token: made.token, username: made.keyId, password: made.secret };
  }

  /** Revokes a credential: its next call is 401, on every server process (nothing is cached). */
  async revoke(admin: CurrentUser, id: string): Promise<ApiCredential> {
    if (!(await this.deps.repo.revoke(id, admin.userId, this.deps.now()))) {
      if (await this.deps.repo.exists(id)) throw apiCredentialError('API_CREDENTIAL_ALREADY_REVOKED');
      throw apiCredentialError('API_CREDENTIAL_NOT_FOUND');
    }
    const [row] = await this.deps.repo.list(id);
    const credential = toCredential(row!);
    await this.deps.audit.record(
      null,
      {
        action: 'credential.revoke',
        entityType: 'api_credential',
        entityId: id,
        detail: { name: credential.name, keyId: credential.keyId },
      },
      admin,
    );
    return credential;
  }

  async principal(presented: PresentedCredential, ip: string): Promise<CurrentUser | null> {
    // Reserved before the secret is checked, so parallel guesses cannot overshoot the policy (decision sec42).
    const attempt = this.deps.attempts.begin([
      {
        key: `credential:pair:${presented.keyId}\n${ip}`,
        policy: CREDENTIAL_POLICIES.keyAndAddress,
        clearOnSuccess: true,
      },
      { key: `credential:address:${ip}`, policy: CREDENTIAL_POLICIES.address },
    ]);
    let row: Awaited<ReturnType<ApiCredentialsRepository['findByKeyId']>>;
    try {
      row = await this.deps.repo.findByKeyId(presented.keyId);
    } catch (err) {
      attempt.cancelled();
      throw err;
    }
    if (!row || !secretMatches(presented.secret, row.secretHash)) {
      attempt.failed();
      return null;
    }
    // The right secret of a revoked credential is no guess: refused, but not counted against the address.
    if (row.revokedAt || !isCredentialRole(row.roleName)) {
      attempt.cancelled();
      return null;
    }
    attempt.succeeded();
    await this.touch(row.id, ip);
    const hospitalScoped = row.scopeKind === 'hospital';
    const role: RoleName = row.roleName;
    return {
      userId: row.createdBy,
      username: row.name,
      displayName: row.name,
      email: '',
      lineName: null,
      roleName: role,
      branchId: hospitalScoped ? row.hospitalBranchId : row.branchId,
      branchName: hospitalScoped ? row.hospitalBranchName : row.branchName,
      hospitalId: row.hospitalId,
      clientIds: [],
      permissions: new Set(ROLE_DEFAULTS[role].permissions),
      scope: hospitalScoped ? 'hospital' : row.scopeKind === 'branch' ? 'branch' : 'all',
      sessionId: '',
      scopeExamId: null,
      token: null,
      credential: { id: row.id, keyId: row.keyId, name: row.name },
    };
  }

  private async touch(id: string, ip: string): Promise<void> {
    const now = this.deps.now();
    const last = this.touched.get(id);
    if (last !== undefined && now.getTime() - last < LAST_USED_EVERY_MS) return;
    this.touched.set(id, now.getTime());
    await this.deps.repo.touch(id, now, ip);
  }

  private async scopeOf(
    input: CreateApiCredentialInput,
  ): Promise<{ branchId: number | null; hospitalId: number | null }> {
    if (input.scope === 'branch') {
      const known = input.branchId ? (await this.deps.repo.branches()).some((b) => b.id === input.branchId) : false;
      if (!known) throw apiCredentialError('API_CREDENTIAL_BRANCH_REQUIRED', { field: 'branchId' });
      return { branchId: input.branchId!, hospitalId: null };
    }
    if (input.scope === 'hospital') {
      const hospitals = await this.deps.repo.activeHospitals();
      if (!input.hospitalId || !hospitals.some((h) => h.id === input.hospitalId))
        throw apiCredentialError('API_CREDENTIAL_HOSPITAL_REQUIRED', { field: 'hospitalId' });
      return { branchId: null, hospitalId: input.hospitalId };
    }
    return { branchId: null, hospitalId: null };
  }
}

function isCredentialRole(role: string): role is ApiCredentialRole {
  return (API_CREDENTIAL_ROLES as readonly string[]).includes(role);
}

function toCredential(r: ListRow): ApiCredential {
  const scope = r.scopeKind === 'branch' || r.scopeKind === 'hospital' ? r.scopeKind : 'all';
  return {
    id: r.id,
    name: r.name,
    keyId: r.keyId,
    roleName: isCredentialRole(r.roleName) ? r.roleName : 'Staff',
    scope,
    branchId: r.branchId,
    hospitalId: r.hospitalId,
    scopeName: scope === 'branch' ? r.branchName : scope === 'hospital' ? r.hospitalName : null,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

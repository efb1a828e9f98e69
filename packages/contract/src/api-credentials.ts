import { z } from 'zod';

/** The rows a credential reads: everything, one branch's, or one client hospital's (decision io51). */
export const API_CREDENTIAL_SCOPES = ['all', 'branch', 'hospital'] as const;
export type ApiCredentialScope = (typeof API_CREDENTIAL_SCOPES)[number];

/** The roles a system may act as: every role but Doctor (its scope is a person's assigned exams) and Link. */
export const API_CREDENTIAL_ROLES = [
  'Administrator',
  'Staff',
  'Report Editor',
  'Hospital',
  'HospitalDoctor',
  'Accounting',
] as const;
export type ApiCredentialRole = (typeof API_CREDENTIAL_ROLES)[number];

/** One credential as the administrator's list shows it (never its secret, which is not kept). */
export const ApiCredentialSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The public part of the secret, and the HTTP Basic username. */
  keyId: z.string(),
  roleName: z.enum(API_CREDENTIAL_ROLES),
  scope: z.enum(API_CREDENTIAL_SCOPES),
  branchId: z.number().int().nullable(),
  hospitalId: z.number().int().nullable(),
  /** The branch's or hospital's name for a scoped credential (Thai), null for 'all'. */
  scopeName: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiCredential = z.infer<typeof ApiCredentialSchema>;

/** GET /api/admin/api-credentials: every credential (revoked ones too), newest first, and what the form offers. */
export const ApiCredentialListSchema = z.object({
  credentials: z.array(ApiCredentialSchema),
  branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
  hospitals: z.array(z.object({ id: z.number().int(), name: z.string(), branchId: z.number().int() })),
});
export type ApiCredentialList = z.infer<typeof ApiCredentialListSchema>;

/** POST /api/admin/api-credentials. */
export const CreateApiCredentialInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  roleName: z.enum(API_CREDENTIAL_ROLES),
  scope: z.enum(API_CREDENTIAL_SCOPES),
  branchId: z.number().int().positive().nullable().optional(),
  hospitalId: z.number().int().positive().nullable().optional(),
});
export type CreateApiCredentialInput = z.infer<typeof CreateApiCredentialInputSchema>;

/** The answer to a create: the secret, shown this once (Bearer token, or the Basic username and password). */
export const CreatedApiCredentialSchema = z.object({
  credential: ApiCredentialSchema,
  /** `Authorization: Bearer <token>`. */
  token: z.string(),
  /** HTTP Basic on DICOMweb: the key id and the secret part of the token. */
  username: z.string(),
  password: z.string(),
});
export type CreatedApiCredential = z.infer<typeof CreatedApiCredentialSchema>;

export const ApiCredentialIdParamsSchema = z.object({
  id: z.string().uuid('ไม่พบรหัสเชื่อมต่อระบบ (API credential not found)'),
});

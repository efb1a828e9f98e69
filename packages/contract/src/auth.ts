import { z } from 'zod';

export const LogOnInputSchema = z.strictObject({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  returnUrl: z.string().max(2048).optional(),
  ReturnUrl: z.string().max(2048).optional(),
});
export type LogOnInput = z.infer<typeof LogOnInputSchema>;

/** The claims of spec §1, read by the SPA from GET /api/me. */
export const MeSchema = z.object({
  userId: z.string(),
  username: z.string(),
  permissions: z.array(z.string()),
  displayName: z.string(),
  email: z.string(),
  lineName: z.string().nullable(),
  roleName: z.string(),
  branchName: z.string().nullable(),
  branchId: z.number().int().nullable(),
});
export type Me = z.infer<typeof MeSchema>;

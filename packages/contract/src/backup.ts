import { z } from 'zod';

/** One finished backup archive in the backup folder. */
export const BackupItemSchema = z.object({
  name: z.string(),
  /** When its database snapshot was taken (ISO 8601, UTC). */
  createdAt: z.string(),
  sizeBytes: z.number().int(),
});
export type BackupItem = z.infer<typeof BackupItemSchema>;

/** GET /api/admin/backups: the archives, newest first, and whether one is being made. */
export const BackupListSchema = z.object({
  backups: z.array(BackupItemSchema),
  running: z.boolean(),
  /** The last backup's failure, if the last one failed (a message for the admin, no patient data). */
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type BackupList = z.infer<typeof BackupListSchema>;

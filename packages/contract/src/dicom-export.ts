import { z } from 'zod';

/**
 * How the files of a DICOM export are written (PS3.11): as the archive stores them, or for the General Purpose CD-R
 * profile (STD-GEN-CD), every file in explicit VR little endian, compressed images decoded.
 */
export const DicomExportProfileSchema = z.enum(['as-stored', 'STD-GEN-CD']);
export type DicomExportProfile = z.infer<typeof DicomExportProfileSchema>;

/** The query of GET /dicom/export/{examId}/check and GET /dicom/export/{examId}. */
export const DicomExportQuerySchema = z.object({
  token: z.string().max(200).optional(),
  profile: DicomExportProfileSchema.default('as-stored'),
});

/** The check's data once the zip is ready. */
export const DicomExportReadySchema = z.object({
  examId: z.string(),
  accessionNumber: z.string().nullable(),
  profile: DicomExportProfileSchema,
  fileName: z.string(),
  sizeBytes: z.number().int(),
  instanceCount: z.number().int(),
  /** Instances the profile could not hold (STD-GEN-CD: no decoder for their syntax), each named in the disc's README. */
  leftOutCount: z.number().int(),
  preparedAt: z.string(),
  expiresAt: z.string(),
  url: z.string(),
});
export type DicomExportReady = z.infer<typeof DicomExportReadySchema>;

-- Issue 27 item 5 (decision io30): a study matched or re-pointed to an exam answers with the exam's patient and
-- accession number. The index columns take the reconciled values (QIDO, C-FIND and the DICOMDIR read them as they
-- always did); the DICOM JSON of the coerced attributes is kept for the cached metadata and the files on their way out;
-- what the modality sent is kept for the audit (the stored file itself never changes, D15).
ALTER TABLE "dicom_studies" ADD COLUMN "reconciled_identity" jsonb;--> statement-breakpoint
ALTER TABLE "dicom_studies" ADD COLUMN "original_identity" jsonb;--> statement-breakpoint
ALTER TABLE "dicom_studies" ADD COLUMN "reconciled_at" timestamp with time zone;

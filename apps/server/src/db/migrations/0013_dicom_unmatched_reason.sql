-- Why a study that named an exam (by AccessionNumber or StudyInstanceUID) was held unmatched instead of attached
-- (issue 23 item 5): 'patient-id-mismatch'. Null for a study that simply named no exam.
ALTER TABLE "dicom_studies" ADD COLUMN "unmatched_reason" text;

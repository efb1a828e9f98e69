ALTER TABLE "dicom_instances" ADD COLUMN "image_orientation_patient" text;--> statement-breakpoint
ALTER TABLE "dicom_instances" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "dicom_studies" ADD COLUMN "patient_name_search" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(translate(coalesce(patient_name, ''), '^=', '  ')), ' +', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "dicom_studies_date_idx" ON "dicom_studies" USING btree ("study_date");--> statement-breakpoint
CREATE INDEX "dicom_studies_patient_id_idx" ON "dicom_studies" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "dicom_studies_name_trgm" ON "dicom_studies" USING gin ("patient_name_search" gin_trgm_ops);
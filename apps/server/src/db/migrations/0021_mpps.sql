-- Modality Performed Procedure Step instances (issue 27 item 12, decision io61): what a modality said it performed,
-- kept so that its N-SETs apply to it and staff can see what was done. One row per MPPS SOP Instance UID; the exam it
-- was linked to (by the worklist's accession number, requested procedure ID or study UID), or none for an unscheduled
-- procedure. `attributes` holds the instance's attributes as the modality last set them (DICOM JSON-like, naturalized).
CREATE TABLE "dicom_mpps" (
  "sop_instance_uid" text PRIMARY KEY NOT NULL,
  "exam_id" uuid REFERENCES "exams"("id"),
  "calling_ae_title" text NOT NULL,
  "status" text NOT NULL,
  "performed_station_ae_title" text,
  "modality" text,
  "performed_procedure_step_id" text,
  "started_at" text,
  "ended_at" text,
  "performed_series" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "discontinuation_reason" text,
  "attributes" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "dicom_mpps_status_check" CHECK ("status" IN ('IN PROGRESS', 'COMPLETED', 'DISCONTINUED'))
);--> statement-breakpoint
CREATE INDEX "dicom_mpps_exam_idx" ON "dicom_mpps" USING btree ("exam_id") WHERE "exam_id" IS NOT NULL;

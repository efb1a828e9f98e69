ALTER TABLE "exams" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "first_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finished_reports" ADD COLUMN "is_critical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "finished_reports" ADD COLUMN "gateway_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "finished_reports" ADD COLUMN "gateway_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finished_reports" ADD COLUMN "gateway_last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finished_reports" ADD COLUMN "gateway_message" text;--> statement-breakpoint
ALTER TABLE "report_templates" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "finished_reports_version_uq" ON "finished_reports" USING btree ("exam_id","report_name","version_no") WHERE "finished_reports"."exam_id" is not null;--> statement-breakpoint
CREATE INDEX "finished_reports_subject_idx" ON "finished_reports" USING btree ("subject_id","report_name") WHERE "finished_reports"."subject_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_templates_code_uq" ON "report_templates" USING btree ("code");--> statement-breakpoint
-- Backfill the turnaround timestamps of exams assigned or reported before these columns existed.
UPDATE "exams" e SET "assigned_at" = (SELECT max(ev."at") FROM "exam_events" ev WHERE ev."exam_id" = e."id" AND ev."action" = 'assigned') WHERE e."reviewer_id" IS NOT NULL AND e."assigned_at" IS NULL;--> statement-breakpoint
UPDATE "exams" e SET "first_reported_at" = (SELECT min(fr."created_at") FROM "finished_reports" fr WHERE fr."exam_id" = e."id") WHERE e."first_reported_at" IS NULL;

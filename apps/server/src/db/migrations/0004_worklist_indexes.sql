DROP INDEX "exams_exam_date_idx";--> statement-breakpoint
DROP INDEX "exams_branch_date_idx";--> statement-breakpoint
DROP INDEX "exams_hospital_date_idx";--> statement-breakpoint
DROP INDEX "exams_reviewer_date_idx";--> statement-breakpoint
DROP INDEX "exams_patient_idx";--> statement-breakpoint
CREATE INDEX "exams_open_reviewer_idx" ON "exams" USING btree ("reviewer_id","exam_date" DESC NULLS FIRST,"hospital_id") WHERE "exams"."deleted_at" is null and "exams"."status" <> 'Completed';--> statement-breakpoint
CREATE INDEX "exams_exam_date_idx" ON "exams" USING btree ("exam_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "exams"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exams_branch_date_idx" ON "exams" USING btree ("branch_id","exam_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "exams"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exams_hospital_date_idx" ON "exams" USING btree ("hospital_id","exam_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "exams"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exams_reviewer_date_idx" ON "exams" USING btree ("reviewer_id","exam_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "exams"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exams_patient_idx" ON "exams" USING btree ("patient_id","exam_date" DESC NULLS FIRST) WHERE "exams"."deleted_at" is null;
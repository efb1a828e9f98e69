-- Audit of patient-data reads: who read, from where (user agent beside the address), searchable by patient and user.
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;
--> statement-breakpoint
CREATE INDEX "audit_log_patient_at_idx" ON "audit_log" USING btree ("patient_id","at");
--> statement-breakpoint
CREATE INDEX "audit_log_user_at_idx" ON "audit_log" USING btree ("user_id","at");

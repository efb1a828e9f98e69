ALTER TABLE "dicom_instances" ADD COLUMN "cold_key" text;--> statement-breakpoint
ALTER TABLE "dicom_instances" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "dicom_instances_deleted_idx" ON "dicom_instances" USING btree ("deleted_at") WHERE "dicom_instances"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "dicom_instances_cold_idx" ON "dicom_instances" USING btree ("cold_key") WHERE "dicom_instances"."cold_key" is not null;
ALTER TABLE "export_links" ADD COLUMN "pin_hash" text;--> statement-breakpoint
CREATE INDEX "custom_prices_request_idx" ON "custom_prices" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "requests_list_idx" ON "requests" USING btree ("appointment_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "requests_branch_list_idx" ON "requests" USING btree ("branch_id","appointment_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "requests_hospital_list_idx" ON "requests" USING btree ("hospital_id","appointment_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "requests"."deleted_at" is null;
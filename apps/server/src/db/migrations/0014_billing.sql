-- Billing (issue 24, docs/design/billing.md): batches belong to a branch, receipts are voided never deleted, each
-- receipt lists the requests it pays, and money documents get gap-free numbers per branch, kind and Buddhist-era year.
-- No batch or receipt was ever written before this migration (no route made them), so the new NOT NULL columns
-- are filled from the hospital only for safety.
ALTER TABLE "billings" ADD COLUMN "branch_id" integer;--> statement-breakpoint
UPDATE "billings" b SET "branch_id" = h."branch_id" FROM "hospitals" h WHERE h."id" = b."hospital_id";--> statement-breakpoint
ALTER TABLE "billings" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id");--> statement-breakpoint
ALTER TABLE "billings" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
-- History of a hospital's batches, newest first, paged by (created_at, id) in the user's branch.
CREATE INDEX "billings_history_idx" ON "billings" USING btree ("branch_id","hospital_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "billings_branch_history_idx" ON "billings" USING btree ("branch_id","created_at" DESC,"id" DESC);--> statement-breakpoint

ALTER TABLE "billing_requests" ADD COLUMN "paid_by" uuid REFERENCES "public"."users"("id");--> statement-breakpoint
-- The appointment as billed: the statement and the aging of unpaid lines read it without the requests table.
ALTER TABLE "billing_requests" ADD COLUMN "appointment_at" timestamp with time zone;--> statement-breakpoint
UPDATE "billing_requests" br SET "appointment_at" = r."appointment_at" FROM "requests" r WHERE r."id" = br."request_id";--> statement-breakpoint
ALTER TABLE "billing_requests" ALTER COLUMN "appointment_at" SET NOT NULL;--> statement-breakpoint
-- A request is paid at most once, in one batch, whether by hand or by a receipt: two clerks racing get one win.
CREATE UNIQUE INDEX "billing_requests_paid_uq" ON "billing_requests" USING btree ("request_id") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
-- The request list's latest batch of each request.
DROP INDEX "billing_requests_request_idx";--> statement-breakpoint
CREATE INDEX "billing_requests_request_idx" ON "billing_requests" USING btree ("request_id","billing_id");--> statement-breakpoint

ALTER TABLE "receipts" ADD COLUMN "branch_id" integer;--> statement-breakpoint
UPDATE "receipts" r SET "branch_id" = b."branch_id" FROM "billings" b WHERE b."id" = r."billing_id";--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id");--> statement-breakpoint
-- What the selected lines add up to; amount_satang is what was received (less is allowed: withholding tax, fees).
ALTER TABLE "receipts" ADD COLUMN "lines_satang" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "voided_by" uuid REFERENCES "public"."users"("id");--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_amount_check" CHECK ("amount_satang" > 0);--> statement-breakpoint
CREATE INDEX "receipts_billing_idx" ON "receipts" USING btree ("billing_id","created_at");--> statement-breakpoint
-- The day's transfers of a branch (petty cash) and the receipt looked up by its number (exam fees).
CREATE INDEX "receipts_branch_day_idx" ON "receipts" USING btree ("branch_id","created_at") WHERE "voided_at" IS NULL;--> statement-breakpoint

CREATE TABLE "receipt_lines" (
	"receipt_id" uuid NOT NULL REFERENCES "public"."receipts"("id"),
	"request_id" uuid NOT NULL REFERENCES "public"."requests"("id"),
	"billing_id" uuid NOT NULL REFERENCES "public"."billings"("id"),
	"total_satang" integer NOT NULL,
	-- Copied from the receipt when it is voided: an index predicate cannot read another table.
	"voided_at" timestamp with time zone,
	CONSTRAINT "receipt_lines_pk" PRIMARY KEY("receipt_id","request_id")
);--> statement-breakpoint
-- A request is paid by at most one live receipt (decision acc15).
CREATE UNIQUE INDEX "receipt_lines_live_request_uq" ON "receipt_lines" USING btree ("request_id") WHERE "voided_at" IS NULL;--> statement-breakpoint

CREATE TABLE "document_numbers" (
	"branch_id" integer NOT NULL REFERENCES "public"."branches"("id"),
	-- BL billing statement, RC receipt, IV invoice
	"kind" text NOT NULL,
	"be_year" integer NOT NULL,
	"last_no" integer NOT NULL,
	CONSTRAINT "document_numbers_pk" PRIMARY KEY("branch_id","kind","be_year")
);--> statement-breakpoint

-- The invoice number of a request, allocated when its invoice is first printed.
CREATE TABLE "invoices" (
	"request_id" uuid PRIMARY KEY NOT NULL REFERENCES "public"."requests"("id"),
	"branch_id" integer NOT NULL REFERENCES "public"."branches"("id"),
	"document_no" text NOT NULL UNIQUE,
	"created_by" uuid REFERENCES "public"."users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The billing search of one privilege of a hospital over a date range (all privileges read requests_hospital_list_idx).
CREATE INDEX "requests_billing_privilege_idx" ON "requests" USING btree ("hospital_id","privilege_id","appointment_at","id") WHERE "deleted_at" IS NULL;

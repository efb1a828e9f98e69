-- Petty cash and exam fees (issue 24, decisions acc20–acc29). Petty cash becomes a revision model: each save is a new
-- row numbered within its branch and day, the highest revision is the day's figure, earlier ones stay as history.
-- Sums move to bigint (a hundred lines of up to ฿10,000,000 overflow 32-bit satang); the balance is stored as the
-- server computed it. Nothing wrote these tables before, but existing rows are numbered rather than refused.
ALTER TABLE "money_adjustments" ADD COLUMN "revision" integer;
--> statement-breakpoint
UPDATE "money_adjustments" m SET "revision" = r.n FROM (
  SELECT "id", row_number() OVER (PARTITION BY "branch_id", "day" ORDER BY "created_at", "id") AS n FROM "money_adjustments"
) r WHERE r."id" = m."id";
--> statement-breakpoint
ALTER TABLE "money_adjustments" ALTER COLUMN "revision" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ALTER COLUMN "yesterday_satang" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ALTER COLUMN "today_satang" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD COLUMN "expenses_satang" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD COLUMN "balance_satang" bigint;
--> statement-breakpoint
UPDATE "money_adjustments" SET "balance_satang" = "yesterday_satang" + "today_satang" - "expenses_satang";
--> statement-breakpoint
ALTER TABLE "money_adjustments" ALTER COLUMN "balance_satang" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ALTER COLUMN "expenses_satang" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD COLUMN "file_name" text;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD COLUMN "file_content_type" text;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD COLUMN "file_size_bytes" integer;
--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD CONSTRAINT "money_adjustments_revision_ck" CHECK ("revision" >= 1);
--> statement-breakpoint
ALTER TABLE "money_adjustments" ADD CONSTRAINT "money_adjustments_expenses_ck" CHECK ("expenses_satang" >= 0);
--> statement-breakpoint
-- The day's figure and the history are read by branch and day, newest revision first.
CREATE UNIQUE INDEX "money_adjustments_branch_day_revision_uq" ON "money_adjustments" USING btree ("branch_id","day","revision");
--> statement-breakpoint
ALTER TABLE "money_adjustment_items" ADD COLUMN "line_no" integer;
--> statement-breakpoint
UPDATE "money_adjustment_items" i SET "line_no" = r.n FROM (
  SELECT "id", row_number() OVER (PARTITION BY "adjustment_id" ORDER BY "id") AS n FROM "money_adjustment_items"
) r WHERE r."id" = i."id";
--> statement-breakpoint
ALTER TABLE "money_adjustment_items" ALTER COLUMN "line_no" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "money_adjustment_items" ADD CONSTRAINT "money_adjustment_items_amount_ck" CHECK ("amount_satang" > 0);
--> statement-breakpoint
CREATE UNIQUE INDEX "money_adjustment_items_line_uq" ON "money_adjustment_items" USING btree ("adjustment_id","line_no");
--> statement-breakpoint
-- Exam fees: the receipt's document number is kept beside its id (numbers never change), the attachment's name and
-- type beside its key; a receipt is recorded as a cheque exam fee at most once (decision acc24).
ALTER TABLE "cost_submissions" ADD COLUMN "receipt_document_no" text;
--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD COLUMN "file_name" text;
--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD COLUMN "file_content_type" text;
--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD COLUMN "file_size_bytes" integer;
--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD CONSTRAINT "cost_submissions_type_ck" CHECK ("type" in ('cash', 'cheque'));
--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD CONSTRAINT "cost_submissions_amount_ck" CHECK ("amount_satang" > 0);
--> statement-breakpoint
ALTER TABLE "cost_submissions" ADD CONSTRAINT "cost_submissions_cheque_receipt_ck" CHECK ("type" = 'cash' or "receipt_id" is not null);
--> statement-breakpoint
CREATE INDEX "cost_submissions_branch_day_idx" ON "cost_submissions" USING btree ("branch_id","day");
--> statement-breakpoint
CREATE UNIQUE INDEX "cost_submissions_receipt_uq" ON "cost_submissions" USING btree ("receipt_id") WHERE "receipt_id" is not null;

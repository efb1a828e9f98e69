-- The billing search and a batch's creation read each request's total (issue 24 "Budgets", decision acc05). Summed
-- from request_products per request, it cost the search a random index probe per row (2,000 rows a page) on top of
-- its patient. The total is kept on the request instead, by statement triggers on request_products, so every writer
-- (the request form, imports, seeds) keeps it true without knowing about it, and one statement that writes many
-- lines refreshes each request once.
ALTER TABLE "requests" ADD COLUMN "total_satang" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE "requests" r SET "total_satang" = t."total"
  FROM (SELECT "request_id", sum("unit_price_satang"::bigint * "quantity") AS "total" FROM "request_products" GROUP BY "request_id") t
  WHERE t."request_id" = r."id";--> statement-breakpoint
CREATE FUNCTION "request_totals_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "requests" r SET "total_satang" = coalesce((SELECT sum(rp."unit_price_satang"::bigint * rp."quantity") FROM "request_products" rp WHERE rp."request_id" = r."id"), 0)
      WHERE r."id" IN (SELECT DISTINCT "request_id" FROM "new_lines");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "requests" r SET "total_satang" = coalesce((SELECT sum(rp."unit_price_satang"::bigint * rp."quantity") FROM "request_products" rp WHERE rp."request_id" = r."id"), 0)
      WHERE r."id" IN (SELECT DISTINCT "request_id" FROM "old_lines");
  ELSE
    UPDATE "requests" r SET "total_satang" = coalesce((SELECT sum(rp."unit_price_satang"::bigint * rp."quantity") FROM "request_products" rp WHERE rp."request_id" = r."id"), 0)
      WHERE r."id" IN (SELECT "request_id" FROM "new_lines" UNION SELECT "request_id" FROM "old_lines");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "request_products_total_ins" AFTER INSERT ON "request_products"
  REFERENCING NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "request_totals_refresh"();--> statement-breakpoint
CREATE TRIGGER "request_products_total_upd" AFTER UPDATE ON "request_products"
  REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines" FOR EACH STATEMENT EXECUTE FUNCTION "request_totals_refresh"();--> statement-breakpoint
CREATE TRIGGER "request_products_total_del" AFTER DELETE ON "request_products"
  REFERENCING OLD TABLE AS "old_lines" FOR EACH STATEMENT EXECUTE FUNCTION "request_totals_refresh"();--> statement-breakpoint
-- The two search indexes carry the total, so a search reads the index and each row's patient only.
DROP INDEX "requests_billing_idx";--> statement-breakpoint
CREATE INDEX "requests_billing_idx" ON "requests" USING btree ("hospital_id","appointment_at","id","branch_id","status","patient_id","privilege_id","total_satang") WHERE "deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX "requests_billing_privilege_idx";--> statement-breakpoint
CREATE INDEX "requests_billing_privilege_idx" ON "requests" USING btree ("hospital_id","privilege_id","appointment_at","id","branch_id","status","patient_id","total_satang") WHERE "deleted_at" IS NULL;

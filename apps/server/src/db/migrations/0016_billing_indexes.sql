-- The billing search over all privileges of a hospital (issue 24, docs/performance.md "Billing"): the live requests of
-- one hospital in a date range, oldest first, cut at 2,001. Read off requests_appointment_idx, the range of every
-- hospital was walked and each row's heap read to drop other hospitals' rows, then sorted again by id (0.4–0.5 s at
-- 1,000,000 requests on a loaded machine). Here the hospital's range comes in the order asked, and the columns the
-- search filters and joins on follow as key columns (as drizzle writes the index: it has no INCLUDE), so it is an
-- index-only scan of the rows returned.
CREATE INDEX "requests_billing_idx" ON "requests" USING btree ("hospital_id","appointment_at","id","branch_id","status","patient_id","privilege_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- The billing history's "all paid" of each batch on the page: its unpaid lines only (most lines are paid), each then
-- looked up in billing_requests_paid_uq. Without it the planner hashed every unpaid line of every batch instead.
CREATE INDEX "billing_requests_unpaid_idx" ON "billing_requests" USING btree ("billing_id","request_id") WHERE "paid_at" IS NULL;

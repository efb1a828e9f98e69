-- Query tokens carry what they were minted for, the session they came from and, for film links, the link (issue 23).
ALTER TABLE "sessions" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "link_id" text;--> statement-breakpoint
-- Tokens minted before purposes existed opened every exam route: they die now rather than keep that reach.
UPDATE "sessions" SET "revoked_at" = now() WHERE "scope_exam_id" IS NOT NULL AND "revoked_at" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_type" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" text;

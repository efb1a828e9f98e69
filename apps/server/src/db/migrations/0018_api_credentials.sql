-- Credentials for outside systems (issue 27 item 11, decision io50): looked up by key id, checked by the secret's SHA-256.
CREATE TABLE "api_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"name" text NOT NULL,
	"role_name" text NOT NULL,
	"scope_kind" text NOT NULL,
	"branch_id" integer,
	"hospital_id" integer,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "api_credentials_key_id_unique" UNIQUE("key_id"),
	CONSTRAINT "api_credentials_name_unique" UNIQUE("name"),
	CONSTRAINT "api_credentials_scope_check" CHECK (("scope_kind" = 'all' AND "branch_id" IS NULL AND "hospital_id" IS NULL) OR ("scope_kind" = 'branch' AND "branch_id" IS NOT NULL AND "hospital_id" IS NULL) OR ("scope_kind" = 'hospital' AND "hospital_id" IS NOT NULL AND "branch_id" IS NULL))
);--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;

-- Chat accounts (LINE), issue 28 item 5, decisions ln01–ln02: a user's linked LINE account (one each way), and the LINE
-- Logins in progress (state, nonce, PKCE verifier; single use, bound to the session, short-lived). The users' old
-- free-text line_name goes: the claims' lineName is now the linked account's display name, and a name with no LINE user
-- id behind it could never be sent a message.
CREATE TABLE "chat_account_links" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "line_user_id" text NOT NULL,
  "display_name" text NOT NULL,
  "linked_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "chat_account_links_line_user_id_unique" UNIQUE("line_user_id")
);--> statement-breakpoint
CREATE TABLE "chat_account_login_attempts" (
  "state_hash" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "session_id" uuid NOT NULL,
  "nonce" text NOT NULL,
  "code_verifier" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "chat_account_login_attempts_expires_idx" ON "chat_account_login_attempts" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "line_name";

ALTER TABLE "chat_sessions" ADD COLUMN "turn_owner" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "turn_expires_at" bigint;
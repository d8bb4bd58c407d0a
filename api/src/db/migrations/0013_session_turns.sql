ALTER TABLE `chat_sessions` ADD `turn_owner` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `turn_expires_at` integer;
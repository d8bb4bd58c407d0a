ALTER TABLE `chat_sessions` ADD `identified_user_id` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `identified_name` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `identified_email` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `identified_at` integer;--> statement-breakpoint
ALTER TABLE `chatbots` ADD `identity_secret` text;--> statement-breakpoint
-- Every existing bot gets its own identity secret (32 random bytes, hex); new bots get one when created.
UPDATE `chatbots` SET `identity_secret` = lower(hex(randomblob(32))) WHERE `identity_secret` IS NULL;

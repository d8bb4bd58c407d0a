CREATE TABLE `chat_test_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`chatbot_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`chatbot_id`) REFERENCES `chatbots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_test_tokens_chatbot_idx` ON `chat_test_tokens` (`chatbot_id`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `usage_alerts` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`threshold` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `month`, `threshold`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `form_submissions_chatbot_idx`;--> statement-breakpoint
ALTER TABLE `form_submissions` ADD `read_at` integer;--> statement-breakpoint
CREATE INDEX `form_submissions_chatbot_idx` ON `form_submissions` (`chatbot_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `is_test` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `user_id` text REFERENCES users(id) ON DELETE cascade;
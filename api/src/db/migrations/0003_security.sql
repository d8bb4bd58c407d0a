CREATE TABLE `daily_bot_usage` (
	`chatbot_id` integer NOT NULL,
	`day` text NOT NULL,
	`messages_used` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`chatbot_id`, `day`),
	FOREIGN KEY (`chatbot_id`) REFERENCES `chatbots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`file_name` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_user_idx` ON `uploads` (`user_id`);--> statement-breakpoint
ALTER TABLE `chatbots` ADD `daily_message_limit` integer;
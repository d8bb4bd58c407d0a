ALTER TABLE `content_sources` ADD `sync_schedule` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `pages` ADD `etag` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `last_modified` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `content_hash` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `links` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `fetched_at` integer;
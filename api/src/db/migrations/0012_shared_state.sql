CREATE TABLE `rate_limit_hits` (
	`bucket` text NOT NULL,
	`key_hash` text NOT NULL,
	`window_start` integer NOT NULL,
	`hits` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`bucket`, `key_hash`)
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_expires_idx` ON `rate_limit_hits` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sign_in_emails` (
	`scope` text NOT NULL,
	`email_hash` text NOT NULL,
	`failures` text NOT NULL,
	`touched_at` integer NOT NULL,
	PRIMARY KEY(`scope`, `email_hash`)
);
--> statement-breakpoint
CREATE INDEX `sign_in_emails_touched_idx` ON `sign_in_emails` (`touched_at`);--> statement-breakpoint
CREATE TABLE `sign_in_pairs` (
	`scope` text NOT NULL,
	`pair_hash` text NOT NULL,
	`email_hash` text NOT NULL,
	`failures` text NOT NULL,
	`pending` text NOT NULL,
	`locked_until` integer NOT NULL,
	`lockouts` integer NOT NULL,
	`last_lockout_at` integer NOT NULL,
	`touched_at` integer NOT NULL,
	PRIMARY KEY(`scope`, `pair_hash`)
);
--> statement-breakpoint
CREATE INDEX `sign_in_pairs_email_idx` ON `sign_in_pairs` (`scope`,`email_hash`);--> statement-breakpoint
CREATE INDEX `sign_in_pairs_touched_idx` ON `sign_in_pairs` (`touched_at`);--> statement-breakpoint
ALTER TABLE `content_sources` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `content_sources` ADD `lease_expires_at` integer;--> statement-breakpoint
CREATE INDEX `content_sources_claim_idx` ON `content_sources` (`status`,`lease_expires_at`);
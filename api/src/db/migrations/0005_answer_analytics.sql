CREATE TABLE `message_citations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`chatbot_id` integer NOT NULL,
	`title` text,
	`url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_citations_chatbot_idx` ON `message_citations` (`chatbot_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `message_citations_message_idx` ON `message_citations` (`message_id`);--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `answer_status` text;--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `feedback` text;--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `feedback_at` integer;--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `question_key` text;--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `unanswered_reason` text;--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `triage` text;--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `triaged_at` integer;--> statement-breakpoint
CREATE INDEX `chat_messages_chatbot_created_idx` ON `chat_messages` (`chatbot_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chat_messages_unanswered_idx` ON `chat_messages` (`chatbot_id`,`unanswered_reason`,`triage`);--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `first_question` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `question_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `has_fallback` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `has_handoff` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `has_thumbs_down` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `has_thumbs_up` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `has_lead` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `has_repeat` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `chat_sessions_created_idx` ON `chat_sessions` (`chatbot_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `content_sources` ADD `question_variants` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Full-text search over conversations for the history page (external content: the text lives
-- once, in `chat_messages`). chatbot_id is indexed as a token so a search is narrowed to one
-- bot inside FTS5 itself.
CREATE VIRTUAL TABLE `chat_messages_fts` USING fts5(
	`content`, `chatbot_id`,
	content='chat_messages', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `chat_messages_fts_ai` AFTER INSERT ON `chat_messages` BEGIN
	INSERT INTO `chat_messages_fts`(rowid, `content`, `chatbot_id`) VALUES (new.`id`, new.`content`, new.`chatbot_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_messages_fts_ad` AFTER DELETE ON `chat_messages` BEGIN
	INSERT INTO `chat_messages_fts`(`chat_messages_fts`, rowid, `content`, `chatbot_id`) VALUES ('delete', old.`id`, old.`content`, old.`chatbot_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_messages_fts_au` AFTER UPDATE OF `content` ON `chat_messages` BEGIN
	INSERT INTO `chat_messages_fts`(`chat_messages_fts`, rowid, `content`, `chatbot_id`) VALUES ('delete', old.`id`, old.`content`, old.`chatbot_id`);
	INSERT INTO `chat_messages_fts`(rowid, `content`, `chatbot_id`) VALUES (new.`id`, new.`content`, new.`chatbot_id`);
END;
--> statement-breakpoint
INSERT INTO `chat_messages_fts`(`chat_messages_fts`) VALUES ('rebuild');
--> statement-breakpoint
-- Conversations kept from before: first question, question count, hand-off and lead flags.
UPDATE `chat_sessions` SET
	`first_question` = (SELECT `content` FROM `chat_messages` m WHERE m.`session_id` = `chat_sessions`.`session_id` AND m.`sender` = 'user' AND m.`message_type` <> 'system' ORDER BY m.`id` LIMIT 1),
	`question_count` = (SELECT count(*) FROM `chat_messages` m WHERE m.`session_id` = `chat_sessions`.`session_id` AND m.`sender` = 'user' AND m.`message_type` <> 'system'),
	`has_handoff` = EXISTS (SELECT 1 FROM `chat_messages` m WHERE m.`session_id` = `chat_sessions`.`session_id` AND m.`message_type` = 'form'),
	`has_lead` = EXISTS (SELECT 1 FROM `form_submissions` f WHERE f.`session_id` = `chat_sessions`.`session_id`);--> statement-breakpoint
-- Visitor messages kept from before get their wording keys at the next start (questionKey() is
-- code, not SQL): this one-row table says up to which message, and is dropped once done.
CREATE TABLE `question_key_backfill` (`up_to` integer);--> statement-breakpoint
INSERT INTO `question_key_backfill` (`up_to`) SELECT max(`id`) FROM `chat_messages`;

-- Full-text index over knowledge chunks (external content: the text lives once, in `chunks`).
-- chatbot_id is indexed as a token so a query can be narrowed to one bot inside FTS5 itself,
-- before BM25 is computed, instead of ranking every tenant's matches and filtering afterwards.
CREATE VIRTUAL TABLE `chunks_fts` USING fts5(
	`content`, `title`, `heading`, `chatbot_id`,
	content='chunks', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_ai` AFTER INSERT ON `chunks` BEGIN
	INSERT INTO `chunks_fts`(rowid, `content`, `title`, `heading`, `chatbot_id`)
	VALUES (new.`id`, new.`content`, new.`title`, new.`heading`, new.`chatbot_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_ad` AFTER DELETE ON `chunks` BEGIN
	INSERT INTO `chunks_fts`(`chunks_fts`, rowid, `content`, `title`, `heading`, `chatbot_id`)
	VALUES ('delete', old.`id`, old.`content`, old.`title`, old.`heading`, old.`chatbot_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_au` AFTER UPDATE OF `content`, `title`, `heading`, `chatbot_id` ON `chunks` BEGIN
	INSERT INTO `chunks_fts`(`chunks_fts`, rowid, `content`, `title`, `heading`, `chatbot_id`)
	VALUES ('delete', old.`id`, old.`content`, old.`title`, old.`heading`, old.`chatbot_id`);
	INSERT INTO `chunks_fts`(rowid, `content`, `title`, `heading`, `chatbot_id`)
	VALUES (new.`id`, new.`content`, new.`title`, new.`heading`, new.`chatbot_id`);
END;

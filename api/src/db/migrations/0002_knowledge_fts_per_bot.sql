-- Knowledge search moves to one FTS5 index per bot (created by the app as `fts_bot_<id>`):
-- BM25 statistics are then per bot (a big tenant no longer changes a small tenant's ranking)
-- and query cost depends only on the bot's own size. The shared index of 0001 goes.
DROP TRIGGER IF EXISTS `chunks_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chunks_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chunks_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `chunks_fts`;

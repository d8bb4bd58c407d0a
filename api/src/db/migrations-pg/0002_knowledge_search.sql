-- Full-text search of the bots' knowledge on PostgreSQL (SQLite uses one FTS5 table per bot).
-- Words are split and folded (lower case, no accents) by Parley before they reach PostgreSQL, as
-- FTS5's unicode61 tokenizer does; this configuration then stems them with the Snowball English
-- stemmer and keeps every word (no stopword list, as FTS5), so a phrase such as "read only" or
-- "how to" stays searchable.
CREATE TEXT SEARCH DICTIONARY parley_stem (TEMPLATE = snowball, Language = english);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION parley_search (PARSER = default);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION parley_search ADD MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart, email, url, host, sfloat, version, file, float, int, uint, url_path WITH parley_stem;
--> statement-breakpoint
-- A chunk's searchable text: its title (weight A), heading (B) and text (D), written with the chunk.
ALTER TABLE "chunks" ADD COLUMN "search" tsvector;
--> statement-breakpoint
-- One index for every bot's text. A question's lookups name the bot too, and PostgreSQL combines
-- this index with the bot's rows from chunks_chatbot_idx (a BitmapAnd), so a count or a ranking
-- reads only the bot's matching rows. (A composite GIN index with btree_gin was tried: the planner
-- still took the bot's rows from the btree index, so the extension bought nothing.)
CREATE INDEX "chunks_search_idx" ON "chunks" USING gin ("search");

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
-- One index for every bot, searched by bot: with btree_gin the bot's id is part of the index,
-- so a word's lookup is narrowed to that bot's rows inside the index. Without the extension
-- (not installable by this role) the plain index on the text still serves.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'btree_gin is not available: the knowledge index covers the text only';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX "chunks_search_idx" ON "chunks" USING gin ("chatbot_id", "search");
  ELSE
    CREATE INDEX "chunks_search_idx" ON "chunks" USING gin ("search");
  END IF;
END $$;

-- BM25 postings of the bots' knowledge on PostgreSQL: for each word (as stemmed in a chunk's
-- "search" vector) and chunk, the word's weighted count (title 4, heading 2, text 1, FTS5's
-- column weights) and the chunk's length in distinct words. Ranking reads a question's words here,
-- a few small index entries per chunk, where computing ts_rank_cd for each word on every matching
-- chunk's vector cost about 6 ms a word on a 14,000-chunk manual. Written with "search"
-- (indexChunks), and deleted with the chunk.
CREATE TABLE "chunk_postings" (
	"chatbot_id" bigint NOT NULL,
	"term" text NOT NULL,
	"chunk_id" bigint NOT NULL REFERENCES "chunks"("id") ON DELETE CASCADE,
	"tf" real NOT NULL,
	"len" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chunk_postings_term_idx" ON "chunk_postings" ("chatbot_id", "term") INCLUDE ("chunk_id", "tf", "len");
--> statement-breakpoint
CREATE INDEX "chunk_postings_chunk_idx" ON "chunk_postings" ("chunk_id");
--> statement-breakpoint
INSERT INTO "chunk_postings" ("chatbot_id", "term", "chunk_id", "tf", "len")
SELECT c.chatbot_id, u.lexeme, c.id,
       (SELECT sum(CASE w WHEN 'A' THEN 4 WHEN 'B' THEN 2 ELSE 1 END) FROM unnest(u.weights) AS w),
       length(c.search)
  FROM "chunks" c, unnest(c.search) AS u
 WHERE c.search IS NOT NULL;

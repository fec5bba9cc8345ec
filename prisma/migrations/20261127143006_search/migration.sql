-- Search (docs/decisions/065-search.md).

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "unaccent";

-- English stemming with accents folded first: "café" and "cafe", "Zürich" and "Zurich" are one word to search. A text
-- search configuration named in a call is a constant, so the generated column below may use it.
CREATE TEXT SEARCH CONFIGURATION "chronicle" (COPY = english);
ALTER TEXT SEARCH CONFIGURATION "chronicle"
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;

-- The words of an article, weighted: title A, summary B, body C. The body is HTML: PostgreSQL's parser reads its tags
-- and entities as tokens of their own, which the configuration maps to nothing, so only the text is indexed. Generated
-- and stored: every write keeps it, whoever writes. The body's first 200,000 characters: a tsvector holds at most 1 MB,
-- and a 500 kB body of codes (ids, part numbers) would pass it and fail the save; positions stop at 16,383 anyway.
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('chronicle'::regconfig, "title"), 'A') ||
  setweight(to_tsvector('chronicle'::regconfig, "summary"), 'B') ||
  setweight(to_tsvector('chronicle'::regconfig, left("content", 200000)), 'C')
) STORED;

-- CreateIndex
CREATE INDEX "Article_search" ON "Article" USING GIN ("searchVector");

-- CreateIndex
CREATE INDEX "Article_title_trigrams" ON "Article" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_name_trigrams" ON "User" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_email_trigrams" ON "User" USING GIN ("email" gin_trgm_ops);

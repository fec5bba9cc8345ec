-- Issue 24, defect 4: the share page, the feeds and the article page all show the editor's summary (cut at a word on
-- the share page and in the meta description), so the description derived from the body is no longer stored
-- (docs/decisions/045-one-teaser-and-feed-text.md).
ALTER TABLE "Article" DROP COLUMN "shareDescription";

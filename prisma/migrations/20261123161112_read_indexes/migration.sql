-- Indexes for the plans of the public reads (docs/query-plans.md, docs/decisions/028-lean-reads.md). Each list
-- index ends with the whole ORDER BY of its list (id last), so no sort runs above it. Main stories have an index
-- in list order by section. The article sitemaps read published ids in order from an index. The top-level
-- comments of an article have a partial index of their own.

-- DropIndex
DROP INDEX "Article_status_categoryId_publishedAt_updatedAt_idx";

-- DropIndex
DROP INDEX "Article_status_publishedAt_updatedAt_idx";

-- DropIndex
DROP INDEX "Article_status_section_publishedAt_updatedAt_idx";

-- DropIndex
DROP INDEX "Article_status_totalViews_idx";

-- DropIndex
DROP INDEX "BreakingNews_status_updatedAt_idx";

-- CreateIndex
CREATE INDEX "Article_status_publishedAt_updatedAt_id_idx" ON "Article"("status", "publishedAt" DESC, "updatedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Article_status_section_publishedAt_updatedAt_id_idx" ON "Article"("status", "section", "publishedAt" DESC, "updatedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Article_status_categoryId_publishedAt_updatedAt_id_idx" ON "Article"("status", "categoryId", "publishedAt" DESC, "updatedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Article_main_stories_newest_first" ON "Article"("section", "publishedAt" DESC, "updatedAt" DESC, "id" DESC) WHERE ("isMainStory");

-- CreateIndex
CREATE INDEX "Article_status_totalViews_publishedAt_id_idx" ON "Article"("status", "totalViews" DESC, "publishedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Article_status_id_updatedAt_idx" ON "Article"("status", "id", "updatedAt");

-- CreateIndex
CREATE INDEX "BreakingNews_status_updatedAt_createdAt_id_idx" ON "BreakingNews"("status", "updatedAt" DESC, "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Comment_roots_newest_first" ON "Comment"("articleId", "createdAt" DESC, "id" DESC) WHERE ("parentId" IS NULL);

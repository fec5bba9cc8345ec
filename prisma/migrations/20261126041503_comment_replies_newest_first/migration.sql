-- A comment's replies, newest first, for the reads that carry a page of them and count them all
-- (docs/decisions/039-comment-replies-paged.md). It leads with parentId, so it also serves what the plain
-- parentId index served (the replies deleted with their comment).

-- DropIndex
DROP INDEX "Comment_parentId_idx";

-- CreateIndex
CREATE INDEX "Comment_replies_newest_first" ON "Comment"("parentId", "createdAt" DESC, "id" DESC);


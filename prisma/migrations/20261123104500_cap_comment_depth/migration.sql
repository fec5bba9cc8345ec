-- Comment threads are at most 8 levels deep (LIMITS.commentLevelsMax, issue 9): a reply to the deepest level
-- joins that level. Older replies below level 8 move up to it, under their ancestor at level 7, so no
-- thread is deeper than the cap and reads can stop walking there. No schema change.
-- The walk takes one step per level of the deepest thread (an attack stored 10,000): each step must
-- follow the parentId index from the few rows of the step before, not scan the table, hence the settings.
BEGIN;
SET LOCAL enable_hashjoin = off;
SET LOCAL enable_mergejoin = off;
WITH RECURSIVE walk AS (
  SELECT id, 1 AS level, NULL::uuid AS anchor FROM "Comment" WHERE "parentId" IS NULL
  UNION ALL
  SELECT c.id, w.level + 1, CASE WHEN w.level + 1 = 7 THEN c.id ELSE w.anchor END
  FROM "Comment" c JOIN walk w ON c."parentId" = w.id
)
UPDATE "Comment" c SET "parentId" = w.anchor FROM walk w WHERE c.id = w.id AND w.level > 8;
COMMIT;

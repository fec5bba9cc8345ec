-- AlterTable
ALTER TABLE "ReadDaily" ADD COLUMN     "running" BIGINT[];

-- CreateTable
CREATE TABLE "ReadTotal" (
    "articleId" UUID NOT NULL,
    "firstDay" DATE NOT NULL,
    "lastDay" DATE NOT NULL,
    "running" BIGINT[],

    CONSTRAINT "ReadTotal_pkey" PRIMARY KEY ("articleId")
);

-- AddForeignKey
ALTER TABLE "ReadTotal" ADD CONSTRAINT "ReadTotal_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Seven running totals a row, in the order of docs/decisions/068-reports.md: views, readers, engaged, depth25..depth100.
UPDATE "ReadDaily" r SET "running" = w.running
FROM (
  SELECT "articleId", "day",
         ARRAY[sum("views") OVER w, sum("readers") OVER w, sum("engaged") OVER w, sum("depth25") OVER w,
               sum("depth50") OVER w, sum("depth75") OVER w, sum("depth100") OVER w]::BIGINT[] AS running
  FROM "ReadDaily" WINDOW w AS (PARTITION BY "articleId" ORDER BY "day")
) w
WHERE r."articleId" = w."articleId" AND r."day" = w."day";

INSERT INTO "ReadTotal" ("articleId", "firstDay", "lastDay", "running")
SELECT DISTINCT ON ("articleId") "articleId", min("day") OVER (PARTITION BY "articleId"), "day", "running"
FROM "ReadDaily" ORDER BY "articleId", "day" DESC;

-- Never NULL (a CHECK, as Prisma keeps its lists nullable): a replica still running the code before this one, during a
-- deploy, fails its roll-up instead of writing rows without running totals; the watermark stays, and the new code redoes
-- those days.
ALTER TABLE "ReadDaily" ADD CONSTRAINT "ReadDaily_running_check" CHECK ("running" IS NOT NULL AND cardinality("running") = 7);
ALTER TABLE "ReadTotal" ADD CONSTRAINT "ReadTotal_running_check" CHECK ("running" IS NOT NULL AND cardinality("running") = 7);
ALTER TABLE "ReadTotal" ADD CONSTRAINT "ReadTotal_days_check" CHECK ("firstDay" <= "lastDay");
-- Each roll-up rewrites the rows of the articles read since the last: room on each page keeps those updates HOT, and the
-- table as small as its rows, for the articles' table that reads it whole.
ALTER TABLE "ReadTotal" SET (fillfactor = 50);

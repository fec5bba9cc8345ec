-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "readEventDays" INTEGER NOT NULL DEFAULT 30;

-- CreateTable
CREATE TABLE "ReadEvent" (
    "id" BIGSERIAL NOT NULL,
    "articleId" UUID NOT NULL,
    "pageId" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "visitor" BIGINT NOT NULL,
    "depth" SMALLINT NOT NULL,
    "engaged" INTEGER NOT NULL,
    "referrer" SMALLINT NOT NULL,
    "device" SMALLINT NOT NULL,

    CONSTRAINT "ReadEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReadDaily" (
    "articleId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL,
    "readers" INTEGER NOT NULL,
    "engaged" BIGINT NOT NULL,
    "depth25" INTEGER NOT NULL,
    "depth50" INTEGER NOT NULL,
    "depth75" INTEGER NOT NULL,
    "depth100" INTEGER NOT NULL,
    "engagedBands" INTEGER[],
    "referrers" INTEGER[],
    "devices" INTEGER[],

    CONSTRAINT "ReadDaily_pkey" PRIMARY KEY ("articleId","day")
);

-- CreateTable
CREATE TABLE "ReadSiteDaily" (
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL,
    "readers" INTEGER NOT NULL,
    "engaged" BIGINT NOT NULL,
    "depth100" INTEGER NOT NULL,

    CONSTRAINT "ReadSiteDaily_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "ReadSalt" (
    "day" DATE NOT NULL,
    "salt" BYTEA NOT NULL,

    CONSTRAINT "ReadSalt_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "ReadRollup" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "seenId" BIGINT NOT NULL DEFAULT 0,
    "priorId" BIGINT NOT NULL DEFAULT 0,
    "markId" BIGINT NOT NULL DEFAULT 0,
    "markAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rolledAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReadRollup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReadEvent_at_idx" ON "ReadEvent" USING BRIN ("at");

-- CreateIndex
CREATE INDEX "ReadDaily_day_idx" ON "ReadDaily"("day");

-- AddForeignKey
ALTER TABLE "ReadDaily" ADD CONSTRAINT "ReadDaily_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What the ingest validates, kept by the table too.
ALTER TABLE "ReadEvent" ADD CONSTRAINT "ReadEvent_depth_check" CHECK ("depth" IN (0, 25, 50, 75, 100));
ALTER TABLE "ReadEvent" ADD CONSTRAINT "ReadEvent_engaged_check" CHECK ("engaged" >= 0);
ALTER TABLE "SiteSettings" ADD CONSTRAINT "SiteSettings_readEventDays_check" CHECK ("readEventDays" BETWEEN 2 AND 400);

-- The roll-up's one row.
INSERT INTO "ReadRollup" ("id") VALUES (1);

-- The Privacy page says what the reading reports keep (docs/privacy.md), where it still has the text it was installed
-- with: a newsroom that rewrote it keeps its own words.
UPDATE "Page" SET "content" = replace("content",
  'Your network address and browser are not stored with it.</p>',
  'Your network address and browser are not stored with it.</p>'
  || '<h2>Reading reports</h2><p>So that the newsroom knows which articles are read to the end, an article page reports, when you leave it or switch away, how far down the article you read (a quarter, half, three quarters or all of it), for how many seconds you were actively reading (the page in front, and you scrolling, moving or typing; a page closed before a second of reading is not reported), where you came from (a search engine, a social network, another page of this site, a newsletter, another site or nowhere: never the address itself) and whether you read on a computer, a phone or a tablet. '
  || 'To count readers without knowing who they are, the site mixes your network address and your browser''s name with a random value made for the day the page was opened, and keeps only the result. Each day''s random value is deleted when the next day is over (a page opened before midnight may still report after it), so after that nobody, the newsroom included, can link these reports to you, or to your reports of another day. Your network address and browser are not stored. '
  || 'Each report is kept for 30 days (the newsroom may choose from 2 to 400 days); after that only each article''s daily totals remain. If your browser sends Do Not Track or Global Privacy Control, the page sends no report and the site keeps none.</p>')
WHERE "slug" = 'privacy' AND position('Your network address and browser are not stored with it.</p>' IN "content") > 0
  AND position('Reading reports' IN "content") = 0;

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
    "rolledAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReadRollup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReadEvent_at_idx" ON "ReadEvent"("at");

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

-- CreateEnum
CREATE TYPE "NewsletterKind" AS ENUM ('daily', 'weekly', 'category', 'breaking');

-- CreateEnum
CREATE TYPE "DigestOrder" AS ENUM ('newsroom', 'reads');

-- CreateEnum
CREATE TYPE "NewsletterIssueStatus" AS ENUM ('queued', 'sending', 'sent');

-- CreateEnum
CREATE TYPE "DeliveryState" AS ENUM ('queued', 'sending', 'sent', 'failed', 'suppressed');

-- CreateTable
CREATE TABLE "Newsletter" (
    "id" UUID NOT NULL,
    "slug" VARCHAR(80) NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "description" VARCHAR(300) NOT NULL DEFAULT '',
    "kind" "NewsletterKind" NOT NULL,
    "categoryId" UUID,
    "senderName" VARCHAR(80) NOT NULL DEFAULT '',
    "sendHour" INTEGER NOT NULL DEFAULT 7,
    "weekday" INTEGER NOT NULL DEFAULT 1,
    "articleCount" INTEGER NOT NULL DEFAULT 8,
    "order" "DigestOrder" NOT NULL DEFAULT 'newsroom',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Newsletter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsletterSubscriber" (
    "id" UUID NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "consentedAt" TIMESTAMPTZ(3) NOT NULL,
    "source" VARCHAR(20) NOT NULL,
    "suppressedAt" TIMESTAMPTZ(3),
    "suppressedReason" VARCHAR(200),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsletterSubscriber_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsletterSubscription" (
    "subscriberId" UUID NOT NULL,
    "newsletterId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsletterSubscription_pkey" PRIMARY KEY ("subscriberId","newsletterId")
);

-- CreateTable
CREATE TABLE "NewsletterIssue" (
    "id" UUID NOT NULL,
    "newsletterId" UUID NOT NULL,
    "key" VARCHAR(120) NOT NULL,
    "subject" VARCHAR(200) NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" "NewsletterIssueStatus" NOT NULL DEFAULT 'queued',
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sendAt" TIMESTAMPTZ(3),
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "heartbeatAt" TIMESTAMPTZ(3),

    CONSTRAINT "NewsletterIssue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsletterDelivery" (
    "issueId" UUID NOT NULL,
    "subscriberId" UUID NOT NULL,
    "state" "DeliveryState" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" VARCHAR(40),
    "claimedAt" TIMESTAMPTZ(3),
    "claimedBy" UUID,
    "sentAt" TIMESTAMPTZ(3),

    CONSTRAINT "NewsletterDelivery_pkey" PRIMARY KEY ("issueId","subscriberId")
);

-- CreateTable
CREATE TABLE "NewsletterPace" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "nextAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsletterPace_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NewsletterDelivery_to_send" ON "NewsletterDelivery"("issueId", "attempts", "subscriberId") WHERE ((state = 'queued') OR (state = 'sending'));

-- CreateIndex
CREATE UNIQUE INDEX "Newsletter_slug_key" ON "Newsletter"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Newsletter_categoryId_key" ON "Newsletter"("categoryId");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscriber_email_key" ON "NewsletterSubscriber"("email");

-- CreateIndex
CREATE INDEX "NewsletterSubscription_newsletterId_createdAt_idx" ON "NewsletterSubscription"("newsletterId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterIssue_key_key" ON "NewsletterIssue"("key");

-- CreateIndex
CREATE INDEX "NewsletterIssue_newsletterId_createdAt_idx" ON "NewsletterIssue"("newsletterId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "NewsletterDelivery_issueId_state_idx" ON "NewsletterDelivery"("issueId", "state");

-- CreateIndex
CREATE INDEX "NewsletterDelivery_subscriberId_idx" ON "NewsletterDelivery"("subscriberId");

-- AddForeignKey
ALTER TABLE "Newsletter" ADD CONSTRAINT "Newsletter_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterSubscription" ADD CONSTRAINT "NewsletterSubscription_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "NewsletterSubscriber"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterSubscription" ADD CONSTRAINT "NewsletterSubscription_newsletterId_fkey" FOREIGN KEY ("newsletterId") REFERENCES "Newsletter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterIssue" ADD CONSTRAINT "NewsletterIssue_newsletterId_fkey" FOREIGN KEY ("newsletterId") REFERENCES "Newsletter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterDelivery" ADD CONSTRAINT "NewsletterDelivery_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "NewsletterIssue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterDelivery" ADD CONSTRAINT "NewsletterDelivery_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "NewsletterSubscriber"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What the schema cannot say (docs/decisions/069-newsletters.md).
ALTER TABLE "Newsletter"
    ADD CONSTRAINT "Newsletter_sendHour_check" CHECK ("sendHour" BETWEEN 0 AND 23),
    ADD CONSTRAINT "Newsletter_weekday_check" CHECK ("weekday" BETWEEN 1 AND 7),
    ADD CONSTRAINT "Newsletter_articleCount_check" CHECK ("articleCount" BETWEEN 1 AND 30),
    ADD CONSTRAINT "Newsletter_category_check" CHECK (("kind" = 'category') = ("categoryId" IS NOT NULL));
ALTER TABLE "NewsletterSubscriber" ADD CONSTRAINT "NewsletterSubscriber_email_lower_check" CHECK ("email" = lower("email"));

INSERT INTO "NewsletterPace" ("id") VALUES (1);
ALTER TABLE "NewsletterPace" ADD CONSTRAINT "NewsletterPace_one_row_check" CHECK ("id" = 1);

-- Out of the box: the daily and weekly digests and breaking-news alerts…
INSERT INTO "Newsletter" ("id", "slug", "name", "description", "kind", "sendHour", "weekday", "position", "updatedAt") VALUES
    (gen_random_uuid(), 'daily', 'The daily briefing', 'The day''s top stories, every morning.', 'daily', 7, 1, 0, now()),
    (gen_random_uuid(), 'weekly', 'The week in review', 'The week''s most-read stories, every Saturday morning.', 'weekly', 8, 6, 1, now()),
    (gen_random_uuid(), 'breaking', 'Breaking news alerts', 'An e-mail the moment big news breaks. Rarely more than one a day.', 'breaking', 7, 1, 2, now());
UPDATE "Newsletter" SET "order" = 'reads' WHERE "slug" = 'weekly';

-- …and a digest per category, made and renamed with its category (a trigger: every way a category is written keeps it).
CREATE FUNCTION "newsletter_for_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "Newsletter" ("id", "slug", "name", "description", "kind", "categoryId", "position", "updatedAt")
    VALUES (gen_random_uuid(), left('category-' || NEW."slug", 80), left(NEW."name" || ' daily', 80),
            left('The day''s ' || NEW."name" || ' stories, every morning.', 300), 'category', NEW."id", 10, now())
    ON CONFLICT ("categoryId") DO UPDATE
        SET "slug" = EXCLUDED."slug", "name" = EXCLUDED."name", "description" = EXCLUDED."description", "updatedAt" = now()
    WHERE ("Newsletter"."slug", "Newsletter"."name") IS DISTINCT FROM (EXCLUDED."slug", EXCLUDED."name");
    RETURN NULL;
END $$;
-- The slug follows the category's too, so that a new category may take a renamed one's old name.
CREATE TRIGGER "Category_newsletter" AFTER INSERT OR UPDATE OF "name", "slug" ON "Category"
    FOR EACH ROW EXECUTE FUNCTION "newsletter_for_category"();
INSERT INTO "Newsletter" ("id", "slug", "name", "description", "kind", "categoryId", "position", "updatedAt")
    SELECT gen_random_uuid(), left('category-' || "slug", 80), left("name" || ' daily', 80),
           left('The day''s ' || "name" || ' stories, every morning.', 300), 'category', "id", 10, now()
    FROM "Category";

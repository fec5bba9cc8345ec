-- A migration of its own: PostgreSQL uses a new enum value only once the transaction that added it has committed.
-- CreateIndex
CREATE INDEX "Article_scheduled_due" ON "Article"("scheduledAt") WHERE (status = 'scheduled');

-- CreateIndex
CREATE INDEX "Article_unpublish_due" ON "Article"("unpublishAt") WHERE ("unpublishAt" IS NOT NULL);

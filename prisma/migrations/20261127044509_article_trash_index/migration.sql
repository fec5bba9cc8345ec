-- A migration of its own: PostgreSQL uses a new enum value only once the transaction that added it has committed.
-- CreateIndex
CREATE INDEX "Article_trash" ON "Article"("trashedAt") WHERE (status = 'trashed');

-- A migration of its own: PostgreSQL uses a new enum value only once the transaction that added it has committed.
-- CreateIndex
CREATE INDEX "Article_review_queue" ON "Article"("submittedAt", "id") WHERE (status = 'review');

-- CreateTable
CREATE TABLE "ArticlePresence" (
    "tab" UUID NOT NULL,
    "articleId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "seenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArticlePresence_pkey" PRIMARY KEY ("tab")
);

-- CreateIndex
CREATE INDEX "ArticlePresence_articleId_seenAt_idx" ON "ArticlePresence"("articleId", "seenAt");

-- CreateIndex
CREATE INDEX "ArticlePresence_userId_idx" ON "ArticlePresence"("userId");

-- AddForeignKey
ALTER TABLE "ArticlePresence" ADD CONSTRAINT "ArticlePresence_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArticlePresence" ADD CONSTRAINT "ArticlePresence_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

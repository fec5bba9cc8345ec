-- CreateTable
CREATE TABLE "Correction" (
    "id" UUID NOT NULL,
    "articleId" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "editorId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Correction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Correction_articleId_createdAt_idx" ON "Correction"("articleId", "createdAt");

-- CreateIndex
CREATE INDEX "Correction_createdAt_id_idx" ON "Correction"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Correction_editorId_idx" ON "Correction"("editorId");

-- AddForeignKey
ALTER TABLE "Correction" ADD CONSTRAINT "Correction_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Correction" ADD CONSTRAINT "Correction_editorId_fkey" FOREIGN KEY ("editorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

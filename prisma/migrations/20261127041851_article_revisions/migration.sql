-- CreateTable
CREATE TABLE "ArticleRevision" (
    "id" UUID NOT NULL,
    "articleId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "editorId" UUID,
    "savedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "categoryId" UUID NOT NULL,
    "categoryName" TEXT NOT NULL,
    "section" "Section" NOT NULL,
    "imageUrl" TEXT,
    "media" JSONB NOT NULL,
    "status" "ArticleStatus" NOT NULL,

    CONSTRAINT "ArticleRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ArticleRevision_editorId_idx" ON "ArticleRevision"("editorId");

-- CreateIndex
CREATE UNIQUE INDEX "ArticleRevision_articleId_version_key" ON "ArticleRevision"("articleId", "version");

-- AddForeignKey
ALTER TABLE "ArticleRevision" ADD CONSTRAINT "ArticleRevision_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArticleRevision" ADD CONSTRAINT "ArticleRevision_editorId_fkey" FOREIGN KEY ("editorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every article's history starts where it is now; who saved it last is not known: its author stands in.
INSERT INTO "ArticleRevision" ("id", "articleId", "version", "editorId", "savedAt", "title", "summary", "content", "categoryId", "categoryName", "section", "imageUrl", "media", "status")
SELECT gen_random_uuid(), a.id, a.version, a."authorId", a."updatedAt", a.title, a.summary, a.content, a."categoryId", c.name, a.section, a."imageUrl",
  COALESCE((SELECT jsonb_agg(jsonb_build_object('type', m.type, 'fileUrl', m."fileUrl") ORDER BY m."createdAt", m.id) FROM "Media" m WHERE m."articleId" = a.id), '[]'::jsonb),
  a.status
FROM "Article" a JOIN "Category" c ON c.id = a."categoryId";

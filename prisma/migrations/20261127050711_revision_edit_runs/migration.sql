-- AlterTable
ALTER TABLE "ArticleRevision" ADD COLUMN     "editRunAt" TIMESTAMPTZ(3);

-- AlterEnum
ALTER TYPE "ArticleStatus" ADD VALUE 'trashed';

-- AlterTable
ALTER TABLE "Article" ADD COLUMN     "trashedAt" TIMESTAMPTZ(3),
ADD COLUMN     "trashedFrom" "ArticleStatus";

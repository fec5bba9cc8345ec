-- AlterEnum
ALTER TYPE "ArticleStatus" ADD VALUE 'review';

-- AlterTable
ALTER TABLE "Article" ADD COLUMN     "reviewNote" TEXT,
ADD COLUMN     "submittedAt" TIMESTAMPTZ(3);

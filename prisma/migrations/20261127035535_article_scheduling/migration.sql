-- AlterEnum
ALTER TYPE "ArticleStatus" ADD VALUE 'scheduled';

-- AlterEnum
ALTER TYPE "BreakingNewsStatus" ADD VALUE 'scheduled';

-- AlterTable
ALTER TABLE "Article" ADD COLUMN     "scheduledAt" TIMESTAMPTZ(3),
ADD COLUMN     "unpublishAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "BreakingNews" ADD COLUMN     "scheduledAt" TIMESTAMPTZ(3);

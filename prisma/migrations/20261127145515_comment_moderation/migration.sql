-- CreateEnum
CREATE TYPE "CommentStatus" AS ENUM ('visible', 'held', 'hidden');

-- CreateEnum
CREATE TYPE "CommentReportReason" AS ENUM ('spam', 'abuse', 'off-topic', 'misinformation', 'other');

-- AlterTable
ALTER TABLE "Comment" ADD COLUMN     "moderatedAt" TIMESTAMPTZ(3),
ADD COLUMN     "moderatedById" UUID,
ADD COLUMN     "moderationNote" TEXT,
ADD COLUMN     "status" "CommentStatus" NOT NULL DEFAULT 'visible';

-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "commentsBlockedWords" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "commentsPerNetworkPerMinute" INTEGER NOT NULL DEFAULT 60,
ADD COLUMN     "commentsPerUserPerMinute" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "commentsPremoderated" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "CommentReport" (
    "id" UUID NOT NULL,
    "commentId" UUID NOT NULL,
    "reporterId" UUID NOT NULL,
    "reason" "CommentReportReason" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMPTZ(3),

    CONSTRAINT "CommentReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CommentBan" (
    "userId" UUID NOT NULL,
    "until" TIMESTAMPTZ(3),
    "reason" TEXT NOT NULL,
    "bannedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommentBan_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "CommentReport_open" ON "CommentReport"("createdAt" DESC) WHERE ("resolvedAt" IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "CommentReport_one_open" ON "CommentReport"("commentId", "reporterId") WHERE ("resolvedAt" IS NULL);

-- CreateIndex
CREATE INDEX "Comment_moderation_queue" ON "Comment"("status", "createdAt" DESC) WHERE (status <> 'visible');

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_moderatedById_fkey" FOREIGN KEY ("moderatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentReport" ADD CONSTRAINT "CommentReport_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentReport" ADD CONSTRAINT "CommentReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentBan" ADD CONSTRAINT "CommentBan_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentBan" ADD CONSTRAINT "CommentBan_bannedById_fkey" FOREIGN KEY ("bannedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The public reads leave out held comments from the index itself: `status` last in the indexes they walk in order.
-- DropIndex
DROP INDEX "Comment_replies_newest_first";

-- DropIndex
DROP INDEX "Comment_roots_newest_first";

-- CreateIndex
CREATE INDEX "Comment_roots_newest_first" ON "Comment"("articleId", "createdAt" DESC, "id" DESC, "status") WHERE ("parentId" IS NULL);

-- CreateIndex
CREATE INDEX "Comment_replies_newest_first" ON "Comment"("parentId", "createdAt" DESC, "id" DESC, "status");

-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "iconUrl" TEXT,
ADD COLUMN     "logoUrl" TEXT,
ADD COLUMN     "shareImageUrl" TEXT;

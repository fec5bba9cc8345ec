-- AlterTable
ALTER TABLE "Page" ADD COLUMN     "formerSlugs" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "ImageVariants" ADD COLUMN     "crops" BOOLEAN NOT NULL DEFAULT false;

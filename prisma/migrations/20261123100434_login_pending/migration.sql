-- AlterTable
ALTER TABLE "RateLimit" ADD COLUMN     "pending" INTEGER NOT NULL DEFAULT 0;

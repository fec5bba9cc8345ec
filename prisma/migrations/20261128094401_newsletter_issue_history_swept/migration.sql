-- DropForeignKey
ALTER TABLE "NewsletterIssue" DROP CONSTRAINT "NewsletterIssue_newsletterId_fkey";

-- AlterTable
ALTER TABLE "NewsletterIssue" ALTER COLUMN "newsletterId" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "NewsletterIssue" ADD CONSTRAINT "NewsletterIssue_newsletterId_fkey" FOREIGN KEY ("newsletterId") REFERENCES "Newsletter"("id") ON DELETE SET NULL ON UPDATE CASCADE;

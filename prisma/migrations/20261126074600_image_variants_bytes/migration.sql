-- Issue 24, defect 3: a feed's enclosure states the file's size. Not every image under /uploads has an Upload row (demo
-- images, files an operator placed), so the variants job records the original's size beside its dimensions; rows made
-- before it are NULL until the start-up backfill (or `npm run media:variants`) stats their file.
ALTER TABLE "ImageVariants" ADD COLUMN "bytes" BIGINT;

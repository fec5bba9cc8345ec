-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifiedAt" TIMESTAMPTZ(3);

-- Staff accounts were made by the bootstrap, the demo seed or an admin: their addresses count as vouched for.
-- Readers may come from the one-step sign-up, which proved nothing: they confirm with a password reset.
UPDATE "User" SET "emailVerifiedAt" = "createdAt" WHERE "role" <> 'user';

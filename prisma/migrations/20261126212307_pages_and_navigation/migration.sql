-- CreateEnum
CREATE TYPE "PageStatus" AS ENUM ('draft', 'published');

-- AlterTable
ALTER TABLE "SiteSettings" ADD COLUMN     "accentColor" TEXT NOT NULL DEFAULT '#b91c1c',
ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en-US',
ADD COLUMN     "navigation" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';

-- CreateTable
CREATE TABLE "Page" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL,
    "status" "PageStatus" NOT NULL DEFAULT 'draft',
    "publishedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Page_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Page_slug_key" ON "Page"("slug");

-- CreateIndex
CREATE INDEX "Page_status_title_idx" ON "Page"("status", "title");

-- A Privacy page: what Chronicle itself keeps (docs/decisions/057-pages-and-navigation.md), for the newsroom to complete
-- with what it adds (its host, its mail server, anything it installs). Published on a fresh install (no account yet); a
-- draft on a site already running, whose newsroom may have said otherwise elsewhere and publishes it when it agrees.
INSERT INTO "Page" ("id", "slug", "title", "summary", "content", "status", "publishedAt", "updatedAt")
SELECT
  gen_random_uuid(),
  'privacy',
  'Privacy',
  'What this site keeps about its readers and staff, why, and for how long.',
  '<p>This site runs Chronicle, open-source news software. This page says what the software keeps about you. The newsroom that runs the site may add to it: where the site is hosted, which mail server sends its e-mails, and anything else it uses.</p>'
  || '<h2>Reading</h2><p>You can read every article without an account. The site sets no cookies and runs no advertising or third-party trackers. When a whole article has been read, the site counts one view of it: the article, the time, how far down the page was seen and, if you are signed in, your account. Your network address and browser are not stored with it.</p>'
  || '<h2>Accounts</h2><p>If you create an account to comment, the site keeps your name, your e-mail address and a one-way hash of your password (never the password itself). The six-digit codes it e-mails to confirm an address or reset a password are kept only as hashes and expire after a few minutes. Your sign-in is kept in your own browser (its local storage), not in a cookie, and on the server as a session record that ends when you log out or it expires.</p>'
  || '<h2>Comments</h2><p>Your comments are shown with your name on the articles you comment on. You can edit or delete them; when an account is deleted, its comments go with it.</p>'
  || '<h2>Protection against abuse</h2><p>To stop automated sign-ins and floods of e-mails or comments, the site counts recent attempts by network address and by e-mail address. These counters hold no content and are dropped when their window ends, within an hour.</p>'
  || '<h2>Your choices</h2><p>To see, correct or delete what the site keeps about you, write to the newsroom: its contact details are at the foot of every page.</p>',
  CASE WHEN fresh THEN 'published'::"PageStatus" ELSE 'draft'::"PageStatus" END,
  CASE WHEN fresh THEN CURRENT_TIMESTAMP END,
  CURRENT_TIMESTAMP
FROM (SELECT NOT EXISTS (SELECT 1 FROM "User") AS fresh) AS install;

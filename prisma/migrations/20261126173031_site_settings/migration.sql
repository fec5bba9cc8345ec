-- CreateTable
CREATE TABLE "SiteSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "name" TEXT NOT NULL DEFAULT 'Chronicle News',
    "tagline" TEXT NOT NULL DEFAULT 'Independent local and world news, sport, business, technology and opinion, reported by people who live here.',
    "description" TEXT NOT NULL DEFAULT 'Chronicle News: local and world news, sport, business, technology and opinion.',
    "address" TEXT NOT NULL DEFAULT '1 Market Square, Riverside',
    "email" TEXT NOT NULL DEFAULT 'newsdesk@chronicle.local',
    "phone" TEXT NOT NULL DEFAULT '+44 20 7946 0000',
    "social" JSONB NOT NULL DEFAULT '{}',
    "noindex" BOOLEAN NOT NULL DEFAULT false,
    "setUpAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "SiteSettings_pkey" PRIMARY KEY ("id")
);

-- The one row, with the defaults above: an install reads its settings from here from the start.
INSERT INTO "SiteSettings" ("id", "updatedAt") VALUES (1, CURRENT_TIMESTAMP);
ALTER TABLE "SiteSettings" ADD CONSTRAINT "SiteSettings_one_row" CHECK ("id" = 1);

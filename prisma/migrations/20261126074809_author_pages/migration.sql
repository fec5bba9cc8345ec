-- Author pages (issue 24, docs/decisions/049-author-pages.md): every user gets the address of an author page,
-- `/author/<slug>`, made from the name when the row is inserted, and a photo.

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "avatarUrl" TEXT,
ADD COLUMN     "slug" TEXT NOT NULL DEFAULT '';

-- A name as an address: lower case, accents folded, '&' spelt 'and', every other run of characters one hyphen,
-- at most 60 characters; 'author' when nothing is left (a name in a script without Latin letters).
CREATE OR REPLACE FUNCTION "chronicle_slug_of"(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(NULLIF(trim(BOTH '-' FROM left(trim(BOTH '-' FROM regexp_replace(
    regexp_replace(replace(lower(normalize(name, NFD)), '&', ' and '), '[\u0300-\u036f]', '', 'g'),
    '[^a-z0-9]+', '-', 'g')), 60)), ''), 'author')
$$;

-- A slug no other user has: the name's, else the name's with -2 … -9, else with the end of the row's id (random
-- in a UUIDv7). Rows with the same name wait for each other (a transaction lock on the name), so two inserts never
-- pick the same slug; the unique index stays the guarantee.
CREATE OR REPLACE FUNCTION "chronicle_free_user_slug"(name text, id uuid) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  base text := "chronicle_slug_of"(name);
  candidate text := base;
  n int := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('chronicle_user_slug:' || base));
  WHILE EXISTS (SELECT 1 FROM "User" u WHERE u.slug = candidate AND u.id <> $2) LOOP
    n := n + 1;
    IF n > 9 THEN
      RETURN base || '-' || right(replace(id::text, '-', ''), 8);
    END IF;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END;
$$;

-- Every way a user is created (the API, sign-up, the first super-admin, the demo seed, an operator's SQL) gets one.
CREATE OR REPLACE FUNCTION "chronicle_user_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    NEW.slug := "chronicle_free_user_slug"(NEW.name, NEW.id);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "User_slug" BEFORE INSERT ON "User" FOR EACH ROW EXECUTE FUNCTION "chronicle_user_slug"();

-- The users there already, oldest first: the first of a name keeps the plain slug.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, name FROM "User" ORDER BY "createdAt", id LOOP
    UPDATE "User" SET slug = "chronicle_free_user_slug"(r.name, r.id) WHERE id = r.id;
  END LOOP;
END;
$$;

-- CreateIndex
CREATE UNIQUE INDEX "User_slug_key" ON "User"("slug");
-- CreateIndex
CREATE INDEX "Article_status_authorId_publishedAt_updatedAt_id_idx" ON "Article"("status", "authorId", "publishedAt" DESC, "updatedAt" DESC, "id" DESC);

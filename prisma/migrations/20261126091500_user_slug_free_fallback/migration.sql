-- The slug of the tenth and later user of one name (docs/decisions/049-author-pages.md): the end of the row's id was
-- taken without looking, so it could be a slug someone has already (a name that spells it, or two ids ending alike)
-- and the insert failed on the unique index. It is now checked like the others, with random hex after it until free.
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
      candidate := base || '-' || right(replace(id::text, '-', ''), 8);
      WHILE EXISTS (SELECT 1 FROM "User" u WHERE u.slug = candidate AND u.id <> $2) LOOP
        candidate := base || '-' || left(md5(random()::text || clock_timestamp()::text), 12);
      END LOOP;
      RETURN candidate;
    END IF;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END;
$$;

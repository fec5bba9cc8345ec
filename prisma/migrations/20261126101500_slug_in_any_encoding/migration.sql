-- A name as an address in a database of any encoding: `normalize()` (to fold accents) exists only in a UTF8
-- database, and one created without a UTF-8 locale (SQL_ASCII) refused every new user. There the accents are not
-- folded, and a letter outside a-z becomes a hyphen like any other character (docs/decisions/049-author-pages.md).
CREATE OR REPLACE FUNCTION "chronicle_slug_of"(name text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  s text := name;
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    s := regexp_replace(normalize(s, NFD), '[\u0300-\u036f]', '', 'g');
  END IF;
  s := regexp_replace(replace(lower(s), '&', ' and '), '[^a-z0-9]+', '-', 'g');
  RETURN COALESCE(NULLIF(trim(BOTH '-' FROM left(trim(BOTH '-' FROM s), 60)), ''), 'author');
END;
$$;

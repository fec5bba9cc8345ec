-- docs/decisions/064-co-authors.md: an article's author is never one of its own co-authors (the author pages count the
-- two apart, and a byline names nobody twice). Refused on the way in...
CREATE OR REPLACE FUNCTION "chronicle_co_author_is_not_the_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "Article" a WHERE a.id = NEW."articleId" AND a."authorId" = NEW."userId") THEN
    RAISE EXCEPTION 'the author of an article cannot also be its co-author' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "article_author_is_not_the_author"
  BEFORE INSERT OR UPDATE ON "ArticleAuthor"
  FOR EACH ROW EXECUTE FUNCTION "chronicle_co_author_is_not_the_author"();

-- ...and an article handed to one of its co-authors (a deleted user's work reassigned) makes them its author only.
CREATE OR REPLACE FUNCTION "chronicle_new_author_leaves_co_authors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ArticleAuthor" WHERE "articleId" = NEW.id AND "userId" = NEW."authorId";
  RETURN NEW;
END $$;

CREATE TRIGGER "article_new_author_leaves_co_authors"
  AFTER UPDATE OF "authorId" ON "Article"
  FOR EACH ROW WHEN (OLD."authorId" IS DISTINCT FROM NEW."authorId")
  EXECUTE FUNCTION "chronicle_new_author_leaves_co_authors"();

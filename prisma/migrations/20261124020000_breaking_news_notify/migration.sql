-- Live breaking news (issue 13, docs/decisions/035-live-breaking-news.md): every change to the table, by the
-- API, a seed or an operator's SQL, tells every app process listening on this database, once, at commit.
CREATE OR REPLACE FUNCTION "chronicle_breaking_news_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chronicle_breaking_news', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "breaking_news_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "BreakingNews"
  FOR EACH STATEMENT EXECUTE FUNCTION "chronicle_breaking_news_changed"();

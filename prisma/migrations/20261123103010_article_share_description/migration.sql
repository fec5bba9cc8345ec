-- The description of the share page (docs/spec/CONTRACT.md §4) is derived once, when an article is written, and stored
-- (issue 9: deriving it per request ran the HTML parser on every anonymous share-page read).
ALTER TABLE "Article" ADD COLUMN "shareDescription" TEXT NOT NULL DEFAULT '';

-- Existing rows: what shareDescription() in server/src/articles/share-page.ts gives for a stored (already
-- sanitised) body. A space before each block tag, tags dropped, the four entities sanitize-html writes
-- decoded, the white space of JavaScript collapsed and trimmed, the summary when the body has no text, the
-- first 150 characters. tests/security/bounded-work.test.ts compares this statement with the function.
-- The migration runner splits scripts at every semicolon, even in strings: hence \x3b in the patterns.
UPDATE "Article" SET "shareDescription" = left(
  coalesce(
    nullif(
      btrim(
        regexp_replace(
          regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
            regexp_replace(
              regexp_replace(content, '<(/?)(p|br|hr|h[1-6]|li|ul|ol|blockquote|pre|figure|figcaption|div|section|article|tr|td|th|table)\y', ' <\1\2', 'gi'),
              '<[^>]*>', '', 'g'),
            '&lt\x3b', '<', 'g'), '&gt\x3b', '>', 'g'), '&quot\x3b', '"', 'g'), '&#39\x3b', '''', 'g'), '&amp\x3b', '&', 'g'),
          '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'),
        ' '),
      ''),
    btrim(regexp_replace(summary, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ')),
  150);

ALTER TABLE "Article" ALTER COLUMN "shareDescription" DROP DEFAULT;

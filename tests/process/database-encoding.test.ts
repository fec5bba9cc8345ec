import { expect, it } from 'vitest';
import { applyMigrations } from '#server/db/migrate';
import { emptyDatabase, sqlOnce } from '#tests/helpers/postgres';

/**
 * A PostgreSQL cluster made without a UTF-8 locale has SQL_ASCII databases, where `normalize()` does not exist: the
 * author-page slug trigger used it, and every new user (the first super-admin included) was refused there (seen in
 * the Docker deployment's test, whose database image ran `initdb` without a locale).
 */
it('a SQL_ASCII database migrates and takes new users, each with a slug', { timeout: 120_000 }, async () => {
  const { url } = await emptyDatabase('ascii', { encoding: 'SQL_ASCII' });
  await applyMigrations(url.toString());
  const rows = await sqlOnce<{ slug: string }>(
    url,
    `INSERT INTO "User" (id, name, email, "passwordHash", "updatedAt")
     VALUES (gen_random_uuid(), 'Ada Admin', 'ada@example.test', 'x', now()),
            (gen_random_uuid(), 'Zoë & Co', 'zoe@example.test', 'x', now())
     RETURNING slug`,
  );
  // Accents are not folded there: a letter outside a-z is a hyphen like any other character.
  expect(rows.map((r) => r.slug)).toEqual(['ada-admin', 'zo-and-co']);
});

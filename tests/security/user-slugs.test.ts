import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTHOR_SLUG } from '../../server/src/authors/authors.service';
import { createTestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';

/**
 * Issue 24's red-team pass on the `User_slug` trigger (docs/decisions/049-author-pages.md): whatever the name, every
 * user gets a slug an author page can be found by, and no name makes an insert fail.
 */
const { ctx } = await createTestApp();

describe('the slug of any name', () => {
  it.each([
    ['accents', 'Zoë Ångström-Ñúñez', 'zoe-angstrom-nunez'],
    ['emoji only', '😀🎉🔥', 'author'],
    ['right-to-left', 'مريم \u202Eأحمد\u202C', 'author'],
    ['punctuation only', '!!!---***', 'author'],
    ['an ampersand', 'Smith & Wesson', 'smith-and-wesson'],
    ['markup', '<script>alert(1)</script>', 'script-alert-1-script'],
  ])('%s: a slug of letters, digits and hyphens', async (_case, name, expected) => {
    const user = await createUser(ctx.db, { name });
    expect(user.slug).toMatch(AUTHOR_SLUG);
    expect(user.slug).toMatch(new RegExp(`^${expected}(-\\d|-[0-9a-f]{8,})?$`));
  });
});

describe('many users with one name', () => {
  it('the tenth and later get a slug no one has, even when the end of their id names one taken already', async () => {
    const name = `Dup Name ${randomUUID().slice(0, 4)}`;
    for (let i = 0; i < 9; i++) await createUser(ctx.db, { name });
    const id = randomUUID();
    // Someone whose name spells the slug the tenth would get from the end of its id.
    const squatter = await createUser(ctx.db, { name: `${name} ${id.replaceAll('-', '').slice(-8)}` });
    const tenth = await ctx.db.user.create({
      data: { id, name, email: `dup-${id}@example.test`, passwordHash: 'x' },
      select: { slug: true },
    });
    expect(tenth.slug).not.toBe(squatter.slug);
    expect(tenth.slug).toMatch(AUTHOR_SLUG);
    const slugs = await ctx.db.user.findMany({ where: { name }, select: { slug: true } });
    expect(new Set(slugs.map((u) => u.slug)).size).toBe(10);
  });
});

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createCategory, createUser } from '../helpers/factories';
import * as seo from '../../server/src/seo/seo.service';
import { renderUrlSet } from '../../server/src/seo/sitemaps';

const { ctx, db } = await createTestApp();
it('measures', async () => {
  const cat = await createCategory(db);
  const author = await createUser(db, { role: 'author' });
  await ctx.db.$executeRawUnsafe(`INSERT INTO "Article" (id, title, summary, content, "shareDescription", status, "authorId", "categoryId", "publishedAt", "updatedAt", section)
    SELECT gen_random_uuid(), 'T'||i, 'S', '<p>x</p>', 'd', 'published', '${author.id}', '${cat.id}', now(), now(), 'General' FROM generate_series(1,5000) i`);
  for (let k = 0; k < 3; k++) {
    let h = monitorEventLoopDelay({ resolution: 1 }); h.enable();
    let t = performance.now();
    const batches = [];
    for await (const rows of seo.articleSitemapEntries(ctx.db, 1, 50000)) batches.push(rows);
    h.disable();
    console.log('MEASURE query', Math.round(performance.now() - t), 'loop', Math.round(h.max / 1e6));
    h = monitorEventLoopDelay({ resolution: 1 }); h.enable();
    t = performance.now();
    const xml = await renderUrlSet(batches.map((b) => b.map((r) => ({ loc: 'http://x/article/' + r.id, lastmod: r.updatedAt }))));
    h.disable();
    console.log('MEASURE xml', Math.round(performance.now() - t), xml.length, 'loop', Math.round(h.max / 1e6));
  }
});

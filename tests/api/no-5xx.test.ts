import { PAGE_HEAD_PATH } from '#shared/page-head';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { z, type ZodType } from 'zod';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app';
import { issueToken } from '../../server/src/auth/tokens.service';
import { grantFor, PERMISSIONS, publicRoute, requireUser, type Permission } from '../../server/src/lib/policy';
import { registeredRoutes, type RegisteredRoute } from '../../server/src/lib/route';
import { createTestApp } from '../helpers/app';
import { createArticle, createBreakingNews, createCategory, createComment, createUser, login } from '../helpers/factories';
import { listen, multipart, type RawResponse } from './raw-http';

/**
 * docs/spec/CONTRACT.md §2 "No 5xx from anything a client can send": every route of the route table, as anonymous,
 * a reader and an admin, is sent malformed and hostile input. Every answer must be below 500, and every
 * 4xx must be the JSON envelope { error, message, details? } (details on validation failures).
 */
const { app, ctx, db } = await createTestApp();
const { send } = await listen(app);
const routes = registeredRoutes().sort((a, b) => a.fullPath.localeCompare(b.fullPath) || a.spec.method.localeCompare(b.spec.method));

type Actor = 'anonymous' | 'user' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'user', 'admin'];
const people = {
  user: await createUser(db, { role: 'user' }),
  admin: await createUser(db, { role: 'admin' }),
  author: await createUser(db, { role: 'author' }),
};

const key = (r: RegisteredRoute) => `${r.spec.method} ${r.fullPath}`;
const paramNames = (fullPath: string) => [...fullPath.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
const fill = (fullPath: string, values: Record<string, string>) => fullPath.replace(/:([A-Za-z]+)/g, (_m, name: string) => values[name]!);

/** Fresh rows for one route's cases, so a publish, a rename or a delete in one route cannot starve another. */
async function fixtures() {
  const category = await createCategory(db);
  const article = await createArticle(db, { authorId: people.author.id, categoryId: category.id, status: 'published', isStory: true });
  const [userComment, adminComment, news, victim, view] = await Promise.all([
    createComment(db, { articleId: article.id, authorId: people.user.id }),
    createComment(db, { articleId: article.id, authorId: people.admin.id }),
    createBreakingNews(db, { authorId: people.admin.id }),
    createUser(db, { role: 'author' }),
    db.viewLog.create({ data: { articleId: article.id, viewedAt: new Date() } }),
  ]);
  const comments: Record<Actor, string> = { anonymous: userComment.id, user: userComment.id, admin: adminComment.id };
  const page = await db.page.create({
    data: { slug: `fuzz-${unique()}`, title: 'Fuzz page', content: '<p>Fuzz</p>', status: 'published' },
  });
  const daily = await db.newsletter.findUniqueOrThrow({ where: { slug: 'daily' } });
  const issue = await db.newsletterIssue.create({
    data: { newsletterId: daily.id, key: `fuzz-${unique()}`, subject: 'Fuzz issue', html: '<p>Fuzz</p>', text: 'Fuzz' },
  });
  const subscriber = await db.newsletterSubscriber.create({
    data: { email: `fuzz-${unique()}@example.test`, consentedAt: new Date(), source: 'import' },
  });
  return { category, article, comments, news, victim, view, page, issue, subscriber };
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;

/** The id of an existing row that a path parameter of this route names (the deepest code path). */
function existing(route: RegisteredRoute, param: string, actor: Actor, fx: Fixtures): string {
  const p = route.fullPath;
  if (param === 'mediaId') return randomUUID();
  if (param === 'idOrSlug') return fx.category.slug;
  if (param === 'slug' && p.startsWith('/api/pages/')) return fx.page.slug;
  // The author of every fixture article: their page exists.
  if (param === 'slug') return people.author.slug;
  if (p.startsWith('/api/pages/')) return fx.page.id;
  if (
    p.startsWith('/api/articles/') ||
    p.startsWith('/api/comments/article/') ||
    p.startsWith('/api/view/article/') ||
    p.startsWith('/api/reports/articles/')
  )
    return fx.article.id;
  if (p.startsWith('/api/comments/') || p.startsWith('/api/moderation/comments/')) return fx.comments[actor];
  // A reader: bans from commenting are for readers (docs/decisions/066-comment-moderation.md).
  if (p.startsWith('/api/moderation/bans/')) return people.user.id;
  if (p.startsWith('/api/view/')) return fx.view.id;
  if (p.startsWith('/api/categor')) return fx.category.id;
  if (p.startsWith('/api/breaking-news/')) return fx.news.id;
  if (p.startsWith('/api/users/')) return fx.victim.id;
  if (p.startsWith('/api/newsletters/issues/')) return fx.issue.id;
  if (p.startsWith('/api/newsletters/subscribers/')) return fx.subscriber.id;
  if (p.startsWith('/api/newsletters/')) return fx.issue.newsletterId!;
  throw new Error(`No fixture for :${param} of ${p}: add one here`);
}

const unique = () => randomUUID().slice(0, 8);
const VALID_PASSWORD = 'Fuzz-Pass#1234';

/** A valid body per route with a body schema: the field cases replace one field of it at a time. */
const BASE_BODIES: Record<string, (fx: Fixtures) => Record<string, unknown>> = {
  'post /api/auth/signup': () => ({ name: 'Fuzz Reader', email: `fuzz-${unique()}@example.test`, password: VALID_PASSWORD }),
  'post /api/auth/signup/initiate': () => ({ email: `fuzz-${unique()}@example.test` }),
  'post /api/auth/signup/verify-otp': () => ({ email: `fuzz-${unique()}@example.test`, otp: '123456' }),
  'post /api/auth/signup/complete': () => ({
    email: `fuzz-${unique()}@example.test`,
    otp: '123456',
    name: 'Fuzz Reader',
    password: VALID_PASSWORD,
  }),
  'post /api/auth/login': () => ({ email: people.user.email, password: 'not the password' }),
  'post /api/auth/forgot-password': () => ({ email: `fuzz-${unique()}@example.test` }),
  'post /api/auth/verify-otp': () => ({ email: people.user.email, otp: '123456' }),
  'post /api/auth/reset-password': () => ({ email: people.user.email, otp: '123456', newPassword: VALID_PASSWORD }),
  'post /api/articles': (fx) => ({
    title: 'Fuzz',
    summary: 'Fuzz summary',
    content: '<p>Fuzz</p>',
    categoryId: fx.category.id,
    section: 'General',
  }),
  // Fresh rows per route are at version 1: the first valid edit reaches the write, the rest its refusal.
  'put /api/articles/:id': () => ({ title: 'Fuzzed title', version: 1 }),
  'post /api/articles/:id/status': () => ({ isStory: true, storyPriority: 1 }),
  'post /api/articles/:id/featured': () => ({ isFeatured: false }),
  'post /api/articles/:id/media': () => ({ type: 'image' }),
  'post /api/comments/article/:id': () => ({ content: 'A fuzzed comment' }),
  'put /api/comments/:id': () => ({ content: 'An edited comment' }),
  'post /api/categories': () => ({ name: `Fuzz ${unique()}` }),
  'put /api/categories/:id': () => ({ name: `Fuzz ${unique()}`, version: 1 }),
  'post /api/breaking-news': () => ({ headline: 'A fuzzed headline' }),
  'put /api/breaking-news/:id': () => ({ headline: 'An edited headline', version: 1 }),
  'post /api/users': () => ({ name: 'Fuzz User', email: `fuzz-${unique()}@example.test`, password: VALID_PASSWORD, role: 'user' }),
  'put /api/users/:id': () => ({ name: 'Fuzz Victim', version: 1 }),
  'post /api/view/article/:id': () => ({ percentViewed: 50, topViewed: true }),
  'put /api/view/:id/duration': () => ({ duration: 12 }),
  'put /api/profile': () => ({ bio: 'A fuzzed bio', version: 1 }),
  'post /api/pages': () => ({ title: `Fuzz ${unique()}`, content: '<p>Fuzz</p>' }),
  'put /api/pages/:id': () => ({ title: 'Fuzzed page', version: 1 }),
};

/** Property names of an object schema (bodies and queries), read from its JSON Schema. */
function propertiesOf(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    return Object.keys(js.properties ?? {});
  } catch {
    return [];
  }
}

const BAD_PARAMS = [
  'abc',
  '%00',
  'a'.repeat(4000),
  '..%2F..%2Fetc%2Fpasswd',
  '%E0%A4%A',
  '%F0%9F%92%A9',
  "1'%20OR%20'1'%3D'1",
  '__proto__',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
];

const BAD_QUERIES = [
  'limit=1&limit=2',
  'limit=-1',
  'limit=abc',
  'limit=1e309',
  'limit=1.5',
  'limit[]=1',
  'limit[a]=1',
  'offset=-1',
  'offset=1e20',
  'page=0',
  'page=-1',
  'page=1e20',
  'days=0',
  'days=100000',
  'section=%00',
  'section=abc',
  'category=%00',
  `category=${'x'.repeat(3000)}`,
  'q=%00',
  'q=%25_%5C',
  `q=${'q'.repeat(3000)}`,
  'status=bogus',
  'status=draft&status=published',
  'featured=maybe',
  'includeReplies=nope',
  '__proto__=x',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'a=%E0%A4%A',
];

const HUGE = 'x'.repeat(20_000);
/** One value per kind of trouble: wrong types, nesting, sizes, NUL, lone surrogates, blank, markup, emoji. */
const BAD_VALUES: unknown[] = [
  [],
  0,
  1e308,
  null,
  { nested: { deep: 'x' } },
  true,
  HUGE,
  'a\u0000b',
  '\ud800',
  '   ',
  '',
  '<script>alert(1)</script>',
  '😀'.repeat(50),
  '9'.repeat(400),
  '2024-13-45T99:99:99Z',
];

/** Merges a raw key into a JSON object text (JSON.stringify cannot write an own "__proto__" key). */
const withRawKey = (base: Record<string, unknown>, rawKey: string) => {
  const inner = JSON.stringify(base).slice(1, -1);
  return `{${[rawKey, inner].filter(Boolean).join(',')}}`;
};

interface Case {
  actor: Actor;
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  auth?: string;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

const guardOf = (route: RegisteredRoute) =>
  (Array.isArray(route.spec.guard) ? route.spec.guard[0] : route.spec.guard) as (RequestHandler & { permission?: Permission }) | undefined;

/**
 * Routes whose valid bodies cost a bcrypt hash or comparison (cost 12, ~250 ms by design) and do not depend on
 * who calls: the full cross product runs for one actor (the first that passes the guard), a sample for the others.
 */
const HASHING = new Set([
  'post /api/auth/signup',
  'post /api/auth/signup/complete',
  'post /api/auth/login',
  'post /api/users',
  'put /api/users/:id',
]);

/** Does `actor` get past the route's guard (and so reach validation and the handler)? */
function passesGuard(route: RegisteredRoute, actor: Actor): boolean {
  const guard = guardOf(route);
  if (guard === publicRoute) return true;
  if (actor === 'anonymous') return false;
  if (guard === requireUser) return true;
  return !!guard?.permission && !!grantFor(actor, guard.permission);
}

/** The actors that get every case: those past the guard, and on HASHING routes only the first of them. */
function deepActors(route: RegisteredRoute): Actor[] {
  const past = ACTORS.filter((a) => passesGuard(route, a));
  return HASHING.has(key(route)) ? past.slice(0, 1) : past;
}

function casesFor(route: RegisteredRoute, actor: Actor, fx: Fixtures): Case[] {
  const method = route.spec.method.toUpperCase();
  const names = paramNames(route.fullPath);
  const good = Object.fromEntries(names.map((n) => [n, existing(route, n, actor, fx)]));
  const path = fill(route.fullPath, good);
  const cases: Case[] = [];
  const add = (c: Omit<Case, 'actor' | 'method'> & { method?: string }) => cases.push({ actor, method, ...c });

  add({ label: 'plain', path });

  // Tokens that are not valid sessions: the caller is anonymous, never a 500.
  const forged = [
    'Bearer garbage',
    'Bearer ',
    'Basic YWRtaW46YWRtaW4=',
    `Bearer ${jwt.sign({ sub: people.admin.id }, 'not-the-secret', { jwtid: randomUUID() })}`,
    `Bearer ${jwt.sign({ sub: people.admin.id }, ctx.jwtSecret, { jwtid: 'not-a-uuid' })}`,
    `Bearer ${jwt.sign({ sub: 'not-a-uuid' }, ctx.jwtSecret, { jwtid: randomUUID() })}`,
    `Bearer ${jwt.sign({ sub: people.admin.id }, ctx.jwtSecret, { jwtid: randomUUID(), expiresIn: -10 })}`,
    `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${people.admin.id}","jti":"${randomUUID()}"}`).toString('base64url')}.`,
  ];
  if (actor === 'anonymous') for (const auth of forged) add({ label: `auth ${auth.slice(0, 20)}`, path, auth });

  // Methods the route table does not declare for this path.
  for (const other of ['PATCH', 'OPTIONS']) add({ label: other, method: other, path });

  // A caller the guard turns away never reaches the input: a sample of each kind is enough.
  if (!deepActors(route).includes(actor)) {
    for (const name of names)
      for (const bad of ['abc', '%00', randomUUID()])
        add({ label: `param ${name}=${bad}`, path: fill(route.fullPath, { ...good, [name]: bad }) });
    for (const q of BAD_QUERIES.slice(0, 3)) add({ label: `query ${q}`, path: `${path}?${q}` });
    if (method !== 'GET') {
      for (const raw of ['{"a":', '[1]', 'null']) add({ label: `body ${raw}`, path, headers: JSON_TYPE, body: raw });
      add({ label: 'text/plain', path, headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    }
    return cases;
  }

  // Path parameters that are not ids, or ids of nothing.
  for (const name of names) {
    for (const bad of [...BAD_PARAMS, randomUUID()])
      add({ label: `param ${name}=${bad.slice(0, 30)}`, path: fill(route.fullPath, { ...good, [name]: bad }) });
  }

  // Query strings: every route gets a few, list routes all of them.
  const queries = route.spec.query ? BAD_QUERIES : BAD_QUERIES.slice(0, 3);
  for (const q of queries) add({ label: `query ${q.slice(0, 40)}`, path: `${path}?${q}` });
  for (const prop of propertiesOf(route.spec.query)) {
    for (const q of [`${prop}=1&${prop}=2`, `${prop}=%00`, `${prop}=${'9'.repeat(500)}`, `${prop}=-1`, `${prop}[x]=1`])
      add({ label: `query ${q.slice(0, 40)}`, path: `${path}?${q}` });
  }

  if (method === 'GET') return cases;

  const base = BASE_BODIES[key(route)]?.(fx) ?? {};
  const json = (label: string, body: string | Buffer, headers: Record<string, string> = JSON_TYPE) => add({ label, path, headers, body });

  // Bodies that are not JSON objects at all.
  for (const raw of ['{"a":', '{', '', '[', '{"a":1,}', 'nul', '\u0000', '[]', '[1,2,3]', '123', 'null', '"a string"', 'true', '{}'])
    json(`body ${JSON.stringify(raw)}`, raw);
  json('body valid', JSON.stringify(base));
  json('body __proto__', withRawKey(base, '"__proto__":{"polluted":"yes","role":"super-admin","isAdmin":true}'));
  json('body constructor.prototype', withRawKey(base, '"constructor":{"prototype":{"polluted":"yes"}}'));
  json('body deeply nested', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`);
  json('body over 1 MB', JSON.stringify({ ...base, padding: 'x'.repeat(1_100_000) }));

  // One field at a time of the wrong type, length or content.
  for (const field of new Set([...Object.keys(base), ...propertiesOf(route.spec.body)])) {
    for (const value of BAD_VALUES)
      json(`field ${field}=${JSON.stringify(value).slice(0, 30)}`, JSON.stringify({ ...base, [field]: value }));
  }

  // Wrong content types and encodings.
  json('text/plain', JSON.stringify(base), { 'Content-Type': 'text/plain' });
  json('no content type', JSON.stringify(base), {});
  json('form-urlencoded', 'a=1&b=2&__proto__[x]=1', { 'Content-Type': 'application/x-www-form-urlencoded' });
  json('xml', '<a>1</a>', { 'Content-Type': 'application/xml' });
  json('latin1 charset', JSON.stringify(base), { 'Content-Type': 'application/json; charset=latin1' });
  json('bogus charset', JSON.stringify(base), { 'Content-Type': 'application/json; charset=bogus-9' });
  json('gzip that is not gzip', 'definitely not gzip', { ...JSON_TYPE, 'Content-Encoding': 'gzip' });
  json('unknown encoding', JSON.stringify(base), { ...JSON_TYPE, 'Content-Encoding': 'snappy' });
  json('multipart without boundary', 'garbage', { 'Content-Type': 'multipart/form-data' });
  json('multipart truncated', '------x\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue', {
    'Content-Type': 'multipart/form-data; boundary=----x',
  });
  const textFields = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const fileField = route.spec.file ?? 'file';
  const parts = [
    ['multipart fields only', multipart(textFields)],
    ['multipart text file', multipart(textFields, { field: fileField, name: 'a.png', type: 'image/png', data: Buffer.from('not a png') })],
    [
      'multipart svg',
      multipart(
        {},
        { field: fileField, name: 'a.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      ),
    ],
    ['multipart empty file', multipart({}, { field: fileField, name: 'a.jpg', type: 'image/jpeg', data: Buffer.alloc(0) })],
    ['multipart other field', multipart({}, { field: 'other', name: 'a.png', type: 'image/png', data: Buffer.from('x') })],
    ['multipart bad type', multipart({ type: 'pdf' }, { field: fileField, name: 'a.png', type: 'image/png', data: Buffer.from('x') })],
  ] as const;
  for (const [label, { body, contentType }] of parts) json(label, body, { 'Content-Type': contentType });
  return cases;
}

/** Patterns that must never leave the server: secrets, stack frames, ORM and SQL internals. */
const LEAKS =
  /passwordHash|codeHash|jwtSecret|\bat [\w.<>]+ \(|\.ts:\d+:\d+|node_modules|PrismaClient|prisma\.\w+\.|Invalid `|\bP20\d\d\b|invalid input syntax|violates .* constraint|\bSELECT\b.*\bFROM\b/;

function problemsOf(route: RegisteredRoute, c: Case, res: RawResponse): string[] {
  const where = `${c.actor} ${c.method} ${c.path.slice(0, 100)} [${c.label}] -> ${res.status}`;
  const out: string[] = [];
  const type = res.headers['content-type'] ?? '';
  if (res.status >= 500) out.push(`${where}: ${res.text.slice(0, 300)}`);
  if (c.auth && guardOf(route) !== publicRoute && res.status !== 401)
    out.push(`${where}: a forged token must leave the caller anonymous (401)`);
  const htmlPage = route.spec.produces === 'text/html' && /html/.test(type);
  if (res.status >= 400 && !htmlPage) {
    const body = res.json as Record<string, unknown> | undefined;
    if (!/application\/json/.test(type) || !body) out.push(`${where}: error answer is not JSON (${type})`);
    else {
      if (body.error !== STATUS_CODES[res.status] && !(res.status === 400 && body.error === 'Validation failed'))
        out.push(`${where}: "error" is ${JSON.stringify(body.error)}, not the name of the status`);
      if (typeof body.message !== 'string' || !body.message) out.push(`${where}: no "message" string`);
      const extra = Object.keys(body).filter((k) => !['error', 'message', 'details'].includes(k));
      if (extra.length) out.push(`${where}: unexpected keys ${extra.join(', ')}`);
      if ('details' in body && (!Array.isArray(body.details) || !body.details.length || body.details.some((d) => typeof d !== 'string')))
        out.push(`${where}: details is not a non-empty list of strings`);
      if (body.error === 'Validation failed' && (res.status !== 400 || !Array.isArray(body.details)))
        out.push(`${where}: a validation failure must be a 400 with details`);
    }
  }
  if (res.status < 400 && /application\/json/.test(type) && res.json && typeof res.json === 'object' && 'error' in res.json)
    out.push(`${where}: a success carries an "error" field`);
  // Issued tokens are random base64: leave them out of the scan.
  const text = res.text.replace(/"token":"[^"]*"/g, '');
  if (!route.spec.produces && !route.fullPath.startsWith('/api/openapi') && LEAKS.test(text))
    out.push(`${where}: leaks internals: ${text.match(LEAKS)?.[0]}`);
  return out;
}

async function tokensFor(): Promise<Record<Actor, string | undefined>> {
  const [user, admin] = await Promise.all([issueToken(ctx, people.user), issueToken(ctx, people.admin)]);
  return { anonymous: undefined, user: `Bearer ${user}`, admin: `Bearer ${admin}` };
}

describe('the route table', () => {
  it('declares a guard for every route: publicRoute, requireUser or requirePermission of CONTRACT §3', () => {
    expect(routes.length).toBeGreaterThan(40);
    const unguarded = routes.filter(({ spec }) => {
      const first = (Array.isArray(spec.guard) ? spec.guard[0] : spec.guard) as (RequestHandler & { permission?: string }) | undefined;
      if (!first) return true;
      if (first === publicRoute || first === requireUser) return false;
      return !(first.permission && first.permission in PERMISSIONS);
    });
    expect(unguarded.map(key)).toEqual([]);
  });

  it('registers every Express route under /api through the route() of resourceRouter (nothing bypasses the guard declarations)', () => {
    interface Layer {
      rawPath?: unknown;
      route?: { path: unknown; methods: Record<string, boolean> };
      handle?: { stack?: Layer[] };
    }
    const found: string[] = [];
    const walk = (stack: Layer[], prefix: string) => {
      for (const layer of stack) {
        const raw = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        if (layer.route) {
          if (typeof layer.route.path !== 'string') continue;
          const full = layer.route.path === '/' && prefix ? prefix : prefix + layer.route.path;
          for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') found.push(`${m} ${full}`);
        } else if (layer.handle?.stack) walk(layer.handle.stack, prefix + raw);
      }
    };
    // The Express app under the server's listener (createServerListener), built as the server builds it.
    walk((createApp(ctx) as unknown as { router: { stack: Layer[] } }).router.stack, '');
    // The one route under /api that the reader app answers, not the API's declarations: the head of a reader page
    // (server/src/reader/render.ts, docs/decisions/051), public, its `path` checked there, answered only with a built client.
    const readerOwn = [`get ${PAGE_HEAD_PATH}`];
    const api = found.filter((r) => r.split(' ')[1]!.startsWith('/api') && !readerOwn.includes(r));
    expect(found).toContain(readerOwn[0]);
    const declared = routes.map((r) => `${r.spec.method} ${r.fullPath}`);
    expect(api.sort()).toEqual([...declared].sort());
  });

  it('publishes exactly the registered routes in /api/openapi.json, each with its guard', async () => {
    const res = await send({ method: 'GET', path: '/api/openapi.json' });
    expect(res.status).toBe(200);
    const doc = res.json as { paths: Record<string, Record<string, { 'x-guard'?: string; summary?: string }>> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.sort()).toEqual(routes.map(key).sort());
    for (const r of routes) {
      const op = doc.paths[r.fullPath.replace(/:(\w+)/g, '{$1}')]![r.spec.method]!;
      expect(op['x-guard'], key(r)).toMatch(/^(publicRoute|requireUser|[a-z-]+:[a-z-]+)$/);
      expect(op.summary, key(r)).toBeTruthy();
    }
  });

  it('answers 401 to anonymous callers and 403 to roles without the permission, before looking at the input', async () => {
    const fx = await fixtures();
    const roles = ['user', 'author', 'editor', 'admin', 'super-admin'] as const;
    const signedIn = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, (await login(ctx, r)).auth.Authorization] as const)));
    const failures: string[] = [];
    await Promise.all(
      routes.map(async (route) => {
        const first = (Array.isArray(route.spec.guard) ? route.spec.guard[0] : route.spec.guard) as RequestHandler & {
          permission?: Permission;
        };
        if (first === publicRoute) return;
        const path = fill(route.fullPath, Object.fromEntries(paramNames(route.fullPath).map((n) => [n, existing(route, n, 'admin', fx)])));
        const method = route.spec.method.toUpperCase();
        const anon = await send({ method, path, headers: JSON_TYPE, body: '[1]' });
        if (anon.status !== 401) failures.push(`anonymous ${method} ${path}: ${anon.status}`);
        if (!first.permission) return;
        for (const role of roles) {
          if (grantFor(role === 'super-admin' ? 'super_admin' : role, first.permission)) continue;
          const res = await send({ method, path, headers: { ...JSON_TYPE, Authorization: signedIn[role]! }, body: '[1]' });
          if (res.status !== 403) failures.push(`${role} ${method} ${path}: ${res.status}`);
        }
      }),
    );
    expect(failures).toEqual([]);
  });
});

describe('no 5xx from anything a client can send', () => {
  it.each(routes.map((r) => [key(r), r] as const))('%s', async (_name, route) => {
    const fx = await fixtures();
    const tokens = await tokensFor();
    const cases = ACTORS.flatMap((actor) => casesFor(route, actor, fx));
    const failures: string[] = [];
    await Promise.all(
      cases.map(async (c) => {
        const auth = c.auth ?? tokens[c.actor];
        const res = await send({
          method: c.method,
          path: c.path,
          headers: { ...(auth ? { Authorization: auth } : {}), ...c.headers },
          body: c.body,
        });
        failures.push(...problemsOf(route, c, res));
      }),
    );
    expect(failures).toEqual([]);
  });

  it('reports every invalid body, query and path parameter as a 400 "Validation failed" with details', async () => {
    const fx = await fixtures();
    const { admin } = await tokensFor();
    const failures: string[] = [];
    const expectValidation = (what: string, res: RawResponse, alsoOk: number[] = []) => {
      if (alsoOk.includes(res.status)) return;
      const body = res.json as { error?: string; details?: unknown } | undefined;
      if (res.status !== 400 || body?.error !== 'Validation failed' || !Array.isArray(body.details) || !body.details.length)
        failures.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
    };
    await Promise.all(
      routes.map(async (route) => {
        const method = route.spec.method.toUpperCase();
        const names = paramNames(route.fullPath);
        const good = Object.fromEntries(names.map((n) => [n, existing(route, n, 'admin', fx)]));
        const path = fill(route.fullPath, good);
        const headers = { Authorization: admin! };
        if (route.spec.body && !route.spec.file) {
          const res = await send({ method, path, headers: { ...headers, ...JSON_TYPE }, body: '[1]' });
          expectValidation(`${method} ${path} with an array body`, res);
        }
        for (const prop of propertiesOf(route.spec.query)) {
          const res = await send({ method, path: `${path}?${prop}=1&${prop}=2`, headers });
          expectValidation(`${method} ${path}?${prop}=1&${prop}=2`, res);
        }
        if (route.spec.params) {
          for (const name of names) {
            const res = await send({ method, path: fill(route.fullPath, { ...good, [name]: 'abc' }), headers });
            // Ids that cannot exist may also be plain 404s (the articles router treats them as unknown ids).
            expectValidation(`${method} ${route.fullPath} with :${name}=abc`, res, [404]);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
  });

  it('answers hostile paths outside the route table (unknown /api paths, /uploads) in the envelope, never 5xx', async () => {
    const paths = [
      '/api/%E0%A4%A',
      '/api/nope/%00',
      `/api/${'x'.repeat(4000)}`,
      '/api/articles/a/b/c/d',
      '/api/..%2F..%2Fetc%2Fpasswd',
      '/uploads/%00',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/.tmp/x',
      '/uploads/.cache/share/x.jpg',
      '/uploads/',
      '/uploads/nope.png',
      '/uploads/%E0%A4%A',
    ];
    const fake = { spec: { method: 'get', path: '', summary: '', guard: publicRoute }, fullPath: '' } as RegisteredRoute;
    const failures: string[] = [];
    await Promise.all(
      paths.flatMap((path) =>
        ['GET', 'POST', 'DELETE'].map(async (method) => {
          const res = await send({ method, path, headers: JSON_TYPE, body: '{"a":1}' });
          // The uploads are static files: other methods get a bare 405 with Allow, as from any file server.
          if (path.startsWith('/uploads/') && method !== 'GET') {
            if (res.status !== 405 || !res.headers.allow) failures.push(`${method} ${path}: ${res.status}, expected 405 with Allow`);
            return;
          }
          failures.push(...problemsOf(fake, { actor: 'anonymous', label: 'outside the table', method, path }, res));
          if (res.status < 400) failures.push(`${method} ${path}: ${res.status}, expected a refusal`);
        }),
      ),
    );
    expect(failures).toEqual([]);
  });

  it('let no request pollute prototypes or grant a role', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(await db.user.count({ where: { role: 'super_admin', email: { startsWith: 'fuzz-' } } })).toBe(0);
  });
});

/**
 * The requests the benchmark drives, shared by the runner (tests/bench/run.ts), the app under test
 * (app-server.ts) and the two bare servers (bare-bytes.ts, bare-sql.ts).
 */
import type { ChildProcess } from 'node:child_process';
import type { ResponseCacheStats } from '../../server/src/cache/response-cache';
import type { Headlines } from './seed';

export interface Read {
  name: string;
  /** The path of one request; `id` rotates over what `rotate` names. */
  path: (id: string) => string;
  /** What the requests rotate over: articles (all of them with their comments), categories' or authors' slugs, or nothing. */
  rotate: 'articles' | 'commented' | 'categories' | 'authors' | 'none';
  /** Text the answer must contain to count as rendered: the headline of what the page shows. */
  headline?: (headlines: Headlines, id: string) => string;
  /** JSON reads of the API, also measured uncached against bare SQL: matches the path, the first group is the id. */
  sqlPattern?: RegExp;
  /** A p99 aim of its own when uncached (the aim of cached reads is the same for all). */
  uncachedP99Ms?: number;
}

const articlePage: Read = {
  name: 'GET /article/{id} (HTML)',
  path: (id) => `/article/${id}`,
  rotate: 'articles',
  headline: (h, id) => h.articles.get(id)!,
};

/** Every public read (issues 11 and 24): served from the response cache when anonymous. */
export const READS: Read[] = [
  {
    name: 'GET /api/articles/published?limit=10',
    path: () => '/api/articles/published?limit=10',
    rotate: 'none',
    headline: (h) => h.newest,
    sqlPattern: /^\/api\/articles\/published\?limit=10$/,
    uncachedP99Ms: 100,
  },
  {
    name: 'GET /api/articles/{id}',
    path: (id) => `/api/articles/${id}`,
    rotate: 'articles',
    headline: (h, id) => h.articles.get(id)!,
    sqlPattern: /^\/api\/articles\/([0-9a-f-]{36})$/,
  },
  {
    name: 'GET /api/comments/article/{id}',
    path: (id) => `/api/comments/article/${id}`,
    rotate: 'commented',
    sqlPattern: /^\/api\/comments\/article\/([0-9a-f-]{36})$/,
  },
  { name: 'GET /api/articles/home', path: () => '/api/articles/home', rotate: 'none', headline: (h) => h.mainStory },
  {
    name: 'GET /api/authors/{slug}',
    path: (slug) => `/api/authors/${slug}`,
    rotate: 'authors',
    headline: (h, slug) => h.authors.get(slug)!,
  },
  {
    // As the browser asks it after moving to an article by itself (client/src/lib/head-sync.ts).
    name: 'GET /api/page-head?path=/article/{id}',
    path: (id) => `/api/page-head?${new URLSearchParams({ path: `/article/${id}` })}`,
    rotate: 'articles',
    headline: (h, id) => h.articles.get(id)!,
  },
  { name: 'GET / (HTML)', path: () => '/', rotate: 'none', headline: (h) => h.mainStory },
  articlePage,
  {
    name: 'GET /category/{slug} (HTML)',
    path: (slug) => `/category/${slug}`,
    rotate: 'categories',
    headline: (h, slug) => h.categories.get(slug)!,
  },
  {
    name: 'GET /author/{slug} (HTML)',
    path: (slug) => `/author/${slug}`,
    rotate: 'authors',
    headline: (h, slug) => h.authors.get(slug)!,
  },
  { name: 'GET /rss.xml', path: () => '/rss.xml', rotate: 'none', headline: (h) => h.newest },
];

/** Every published article's page, each asked once of a freshly started app: renders, none answered from the cache (issue 25). */
export const COLD_PAGES: Read = { ...articlePage, name: `cold ${articlePage.name}` };

export const VIEW_BURST = {
  name: 'POST /api/view/article/{id}',
  path: (id: string) => `/api/view/article/${id}`,
  body: JSON.stringify({ percentViewed: 100, fullyViewed: true, topViewed: true, middleViewed: true, bottomViewed: true }),
};

/** One SQL statement as the app sent it; `$id` marks the value the bare-SQL server replaces per request. */
export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/** Statements that ran at the same time (Promise.all in the app) form one group; groups run one after another. */
export type StatementGroups = CapturedStatement[][];

export const ID_TOKEN = '$id';

/** One answer of the app, as the bare-bytes server sends it again. */
export interface RecordedAnswer {
  status: number;
  headers: [string, string][];
  /** Base64. */
  body: string;
}

/** Messages between the runner and its child servers. */
export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'captured'; groups: StatementGroups }
  | { type: 'cpu'; micros: number }
  | { type: 'memory'; usage: NodeJS.MemoryUsage }
  | { type: 'cache'; stats: ResponseCacheStats };
export type ParentMessage =
  { type: 'capture'; on: true } | { type: 'capture'; on: false; id: string } | { type: 'cpu' } | { type: 'memory' } | { type: 'cache' };

/** Sends a child server `question` and resolves with its answer: the next message of type `answer` it sends. */
export function ask<T extends ChildMessage['type']>(
  child: ChildProcess,
  question: ParentMessage,
  answer: T,
): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type !== answer) return;
      child.off('message', onMessage);
      resolve(message as Extract<ChildMessage, { type: T }>);
    };
    child.on('message', onMessage);
    child.send(question);
  });
}

/** Answers the runner's question "how much CPU time have you used?" (user + system, microseconds). */
export function answerCpuQuestions() {
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system } satisfies ChildMessage);
  });
}

/** Answers "how much memory do you hold?", after a full collection when the process runs with --expose-gc. */
export function answerMemoryQuestions() {
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'memory') return;
    globalThis.gc?.();
    process.send?.({ type: 'memory', usage: process.memoryUsage() } satisfies ChildMessage);
  });
}

/**
 * The requests the benchmark drives, shared by the runner (tests/bench/run.ts), the app under test
 * (app-server.ts) and the baseline (baseline.ts).
 */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  /** The path of one request; `id` rotates over the seeded articles. */
  path: (id: string) => string;
  /** Which ids the requests rotate over: every published article, the ones with comments, or none. */
  ids: 'published' | 'commented' | 'none';
  /** Matches the path in the baseline server; the first group is the id. */
  pattern: RegExp;
  body?: string;
  status: number;
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'GET /api/articles/published',
    method: 'GET',
    path: () => '/api/articles/published',
    ids: 'none',
    pattern: /^\/api\/articles\/published$/,
    status: 200,
  },
  {
    name: 'GET /api/articles/{id}',
    method: 'GET',
    path: (id) => `/api/articles/${id}`,
    ids: 'published',
    pattern: /^\/api\/articles\/([0-9a-f-]{36})$/,
    status: 200,
  },
  {
    name: 'GET /api/comments/article/{id}',
    method: 'GET',
    path: (id) => `/api/comments/article/${id}`,
    ids: 'commented',
    pattern: /^\/api\/comments\/article\/([0-9a-f-]{36})$/,
    status: 200,
  },
  {
    name: 'POST /api/view/article/{id}',
    method: 'POST',
    path: (id) => `/api/view/article/${id}`,
    ids: 'published',
    pattern: /^\/api\/view\/article\/([0-9a-f-]{36})$/,
    body: JSON.stringify({ percentViewed: 100, fullyViewed: true, topViewed: true, middleViewed: true, bottomViewed: true }),
    status: 201,
  },
];

/** One SQL statement as the app sent it; `$id` and `$new` mark values the baseline replaces per request. */
export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/** Statements that ran at the same time (Promise.all in the app) form one group; groups run one after another. */
export type StatementGroups = CapturedStatement[][];

export const ID_TOKEN = '$id';
export const NEW_ID_TOKEN = '$new';

/** Messages between the runner and its child servers. */
export type ChildMessage =
  { type: 'ready'; port: number } | { type: 'captured'; groups: StatementGroups } | { type: 'cpu'; micros: number };
export type ParentMessage = { type: 'capture'; on: true } | { type: 'capture'; on: false; id: string } | { type: 'cpu' };

/** Answers the runner's question "how much CPU time have you used?" (user + system, microseconds). */
export function answerCpuQuestions() {
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system } satisfies ChildMessage);
  });
}

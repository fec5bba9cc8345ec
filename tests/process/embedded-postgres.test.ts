import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_FILE, APP_PASSWORD_FILE, startEmbeddedPostgres } from '../../server/src/db/embedded';
import { applyMigrations } from '../../server/src/db/migrate';
import { sqlOnce, startSuperuserPostgres } from '../helpers/postgres';

/** Issue 9, item 7: the embedded PostgreSQL has no known password, and the app is not its superuser. */
const temp: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chronicle-embedded-'));
  // The embedded server runs as the `postgres` system user when we are root: it must reach the folder.
  chmodSync(dir, 0o755);
  temp.push(dir);
  return path.join(dir, 'data');
}
afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The error code PostgreSQL answers `sql` with, as `url`'s role (undefined when it succeeds). */
const errorCode = (url: string, sql = 'SELECT 1') =>
  sqlOnce(url, sql).then(
    () => undefined,
    (err: { code?: string }) => err.code,
  );

/** The superuser login every install had before: `chronicle`/`chronicle`. */
function legacyUrl(appUrl: string) {
  const u = new URL(appUrl);
  u.username = 'chronicle';
  u.password = 'chronicle';
  u.pathname = '/postgres';
  return u.toString();
}

const mode = (file: string) => statSync(file).mode & 0o777;

async function expectLockedDown(data: string, url: string, adminUrl: string) {
  expect(await errorCode(legacyUrl(url))).toBe('28P01');
  expect(await errorCode(adminUrl)).toBeUndefined();
  const [me] = await sqlOnce<{ rolsuper: boolean; rolcreatedb: boolean }>(
    url,
    'SELECT rolsuper, rolcreatedb FROM pg_roles WHERE rolname = current_user',
  );
  expect(me).toEqual({ rolsuper: false, rolcreatedb: false });
  // What a superuser could do: read every role's password hash, run programs as the `postgres` account.
  expect(await errorCode(url, 'SELECT rolpassword FROM pg_authid')).toBe('42501');
  expect(await errorCode(url, "COPY (SELECT 1) TO PROGRAM 'true'")).toBe('42501');
  for (const file of [ADMIN_PASSWORD_FILE, APP_PASSWORD_FILE]) expect(mode(path.join(data, file))).toBe(0o600);
}

describe('a process that used the embedded PostgreSQL', () => {
  it('exits with its own exit code: the package’s exit hooks never replace it (a failed test run once exited 0)', () => {
    const data = dataDir();
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve('server/src/db/embedded.ts'))});
      const db = await startEmbeddedPostgres(${JSON.stringify(path.join(data, 'pg'))}, 'chronicle');
      await db.stop();
      process.exitCode = 3;`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).not.toContain('Error');
    expect(run.status).toBe(3);
  }, 90_000);

  it('that crashes leaves no PostgreSQL running: the next start finds its data folder free', async () => {
    const data = dataDir();
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve('server/src/db/embedded.ts'))});
      const db = await startEmbeddedPostgres(${JSON.stringify(path.join(data, 'pg'))}, 'chronicle');
      console.log('pid ' + db.pid);
      throw new Error('crash on purpose');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).not.toBe(0);
    const pid = Number(/pid (\d+)/.exec(run.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 100 && alive(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive()).toBe(false);
    const again = await startEmbeddedPostgres(path.join(data, 'pg'), 'chronicle');
    await again.stop();
  }, 90_000);
});

describe('embedded PostgreSQL credentials', () => {
  it('a new data directory gets random passwords and an app role that is not superuser but runs the migrations', async () => {
    const data = dataDir();
    const first = await startEmbeddedPostgres(path.join(data, 'pg'), 'chronicle');
    try {
      expect(await applyMigrations(first.url)).not.toHaveLength(0);
      await expectLockedDown(data, first.url, first.adminUrl);
      await sqlOnce(first.url, `INSERT INTO "Category" (id, name, slug, "updatedAt") VALUES (gen_random_uuid(), 'Kept', 'kept', now())`);
    } finally {
      await first.stop();
    }
    // The next start reads the same passwords.
    const second = await startEmbeddedPostgres(path.join(data, 'pg'), 'chronicle');
    try {
      expect(second.url).toBe(first.url.replace(/:\d+\//, `:${new URL(second.url).port}/`));
      expect(await sqlOnce(second.url, 'SELECT name FROM "Category"')).toEqual([{ name: 'Kept' }]);
    } finally {
      await second.stop();
    }
    // A PostgreSQL that cannot start is reported with its own words (the package itself rejects with nothing).
    const conf = path.join(data, 'pg/postgresql.auto.conf');
    const original = readFileSync(conf, 'utf8');
    writeFileSync(conf, `${original}\nno_such_setting = 1\n`);
    try {
      await expect(startEmbeddedPostgres(path.join(data, 'pg'), 'chronicle')).rejects.toThrow(
        /PostgreSQL in .* did not start: .*no_such_setting/,
      );
    } finally {
      writeFileSync(conf, original);
    }
  }, 120_000);

  it('a data directory made with the old fixed password is upgraded on start and keeps its data', async () => {
    const data = dataDir();
    const { server: old, url } = await startSuperuserPostgres(path.join(data, 'pg'));
    try {
      await old.createDatabase('chronicle');
      // As before: the app connected as the superuser, which owns every table.
      const oldUrl = url('chronicle');
      await applyMigrations(oldUrl);
      await sqlOnce(
        oldUrl,
        `INSERT INTO "Category" (id, name, slug, "updatedAt") VALUES (gen_random_uuid(), 'Old news', 'old-news', now())`,
      );
    } finally {
      await old.stop();
    }

    const upgraded = await startEmbeddedPostgres(path.join(data, 'pg'), 'chronicle');
    try {
      await expectLockedDown(data, upgraded.url, upgraded.adminUrl);
      expect(await applyMigrations(upgraded.url)).toEqual([]);
      expect(await sqlOnce(upgraded.url, 'SELECT name FROM "Category"')).toEqual([{ name: 'Old news' }]);
      await sqlOnce(upgraded.url, `UPDATE "Category" SET name = 'Still writable'`);
      const owners = await sqlOnce<{ owner: string }>(
        upgraded.url,
        `SELECT DISTINCT pg_get_userbyid(relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND relkind IN ('r', 'S')`,
      );
      expect(owners).toEqual([{ owner: 'chronicle_app' }]);
      // The job queue made by the superuser is the app's too: it can queue work.
      await sqlOnce(upgraded.url, `SELECT FROM graphile_worker.add_job('send-mail', '{}'::json)`);
      expect(await sqlOnce(upgraded.url, 'SELECT 1 FROM graphile_worker._private_jobs')).toHaveLength(1);
    } finally {
      await upgraded.stop();
    }
  }, 120_000);
});

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH, E2E_PORT } from './playwright.config';
import { startMailbox } from './mailbox';

export const E2E_ADMIN = { email: 'e2e-super@chronicle.test', password: 'E2e-Super#2026' };
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts a real SMTP server and the built app on a fresh data folder (embedded PostgreSQL, demo
 * content), exactly as `npm start` would, and stops both after the run.
 */
export default async function globalSetup() {
  // Preconditions first: a machine without them fails at once and says why (not one timeout per test).
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium is not at ${CHROMIUM_PATH} (apt-get install chromium-headless-shell, or set CHROME_PATH)`);
  if (!existsSync(path.join(ROOT, 'server/dist/main.js')))
    throw new Error('The app is not built (npm run build, or npm run test:e2e which builds it)');
  // One folder per port, so that runs on different E2E_PORTs at the same time do not delete each other's data.
  const dataDir = path.join(ROOT, E2E_PORT === 3999 ? 'test-results/e2e-data' : `test-results/e2e-data-${E2E_PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const mailbox = await startMailbox();
  const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      DATA_DIR: path.join(dataDir, 'data'),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      SUPERADMIN_EMAIL: E2E_ADMIN.email,
      SUPERADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await Promise.race([
      exited.then(() => 'exited' as const),
      fetch(`http://127.0.0.1:${E2E_PORT}/readyz`).then(
        (r) => (r.ok ? ('ready' as const) : ('wait' as const)),
        () => 'wait' as const,
      ),
    ]);
    if (status === 'ready') break;
    if (status === 'exited') throw new Error('The app exited during start-up (see its output above)');
    if (Date.now() > deadline) throw new Error('The app did not become ready within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  return async () => {
    server.kill('SIGTERM');
    await exited;
    await mailbox.close();
  };
}

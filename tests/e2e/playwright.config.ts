import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);

/** Chromium's switches for every journey (a journey that needs its own browser starts it with these and more). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
/**
 * Chromium's headless build (Debian's chromium-headless-shell, what Playwright itself runs headless by default): the same
 * engine without the desktop browser's shell: the 104 journeys took 16.7 min with it and 24.9 min with the full browser
 * on a 2-core machine (docs/decisions/074-test-run-time.md). CHROME_PATH chooses another (/usr/bin/chromium, say).
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium-headless-shell';

/** E2E_WORKERS, 2 unless set: a value that is not a whole number from 1 stops the run rather than guessing. */
function e2eWorkers(text = '2'): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`E2E_WORKERS must be a whole number from 1 (it is "${text}")`);
  return n;
}

const SITE_WIDE = ['**/dashboard-first-run.spec.ts', '**/dashboard-pages.spec.ts', '**/dashboard-settings.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per port, so that a run on another E2E_PORT does not clear this run's artifacts.
  outputDir: E2E_PORT === 3999 ? '../../test-results/e2e' : `../../test-results/e2e-${E2E_PORT}`,
  globalSetup: './global-setup.ts',
  // Tests wait for states, never for fixed times: a state that arrives at once costs nothing, and on a machine
  // that another suite loads (CI on 2 cores) a toast or a step may take several seconds more (issue 23).
  timeout: 120_000,
  expect: { timeout: 25_000 },
  // Two files at a time (their journeys in order within each): most of a journey waits on the app, its jobs and the
  // mail, so two at once on two cores took the suite from 21.9 to 8.4 minutes. Journeys share the one app and its
  // demo data: each makes the records it asserts on (unique names) rather than counting what others may add; those that
  // change the whole site run alone first (projects below).
  fullyParallel: false,
  workers: e2eWorkers(process.env.E2E_WORKERS),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // The journeys that change the whole site (its first-run setup, its menus and accent, its name) run one at a time
    // before the others, which read the site as a fresh install names it and never see it change under them.
    { name: 'site-wide', testMatch: SITE_WIDE, workers: 1, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', testIgnore: SITE_WIDE, dependencies: ['site-wide'], use: { ...devices['Desktop Chrome'] } },
  ],
});

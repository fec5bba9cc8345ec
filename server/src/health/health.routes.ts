import { Router } from 'express';
import type { AppContext } from '../context';
import { pingDatabase } from './health.service';

/** A readiness answer must come in time for a balancer's probe, even when the database hangs. */
const READY_TIMEOUT_MS = 1_500;

/**
 * Liveness (the process answers) and readiness (not stopping, and the database answers within
 * READY_TIMEOUT_MS). A stopping process is alive but not ready: balancers take it out of rotation while it
 * finishes what it has (main.ts, SHUTDOWN_DELAY_MS).
 */
export function healthRouter({ db, lifecycle }: AppContext): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (lifecycle.stopping) {
      res.status(503).json({ error: 'Service Unavailable', message: 'This process is shutting down' });
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([pingDatabase(db), timedOut]);
      res.json({ status: 'ready', database: 'ok' });
    } catch {
      res.status(503).json({ error: 'Service Unavailable', message: 'The database is not reachable' });
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}

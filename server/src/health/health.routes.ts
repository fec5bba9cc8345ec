import { Router } from 'express';
import type { AppContext } from '../context';

/** Liveness (the process answers) and readiness (the database answers). */
export function healthRouter({ db }: AppContext): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await db.$queryRaw`SELECT 1`;
      res.json({ status: 'ready', database: 'ok' });
    } catch {
      res.status(503).json({ error: 'Service Unavailable', message: 'The database is not reachable' });
    }
  });
  return router;
}

import { Router } from 'express';
import { authenticate } from './auth/authenticate';
import type { AppContext } from './context';

/**
 * Every resource router under /api. Each route states its guard: requirePermission(...),
 * requireUser, or publicRoute (lib/policy.ts). Private is the default.
 */
export function apiRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(authenticate(ctx));
  return router;
}

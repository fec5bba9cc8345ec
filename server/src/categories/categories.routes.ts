import { Router } from 'express';
import type { AppContext } from '../context';

export function categoriesRouter(_ctx: AppContext): Router {
  const router = Router();
  return router;
}

import { api } from '#client/lib/api-client';
import type { ReadProgress } from '../lib/read-progress';
import * as apiPaths from '#client/config/api-paths';

export interface LogViewInput {
  viewedAt: string;
  percentViewed: number;
  fullyViewed: boolean;
  middleViewed: boolean;
  topViewed: boolean;
  bottomViewed: boolean;
}

/** A repeated view by the same reader within 30 minutes is not counted: `counted` false, no id or token. */
export interface LogViewResult {
  success: boolean;
  counted: boolean;
  id: string | null;
  /** Proof for PUT /api/view/:id/duration that this client logged the view. */
  token: string | null;
  totalViews: number;
}

export function logView(articleId: string, input: LogViewInput): Promise<LogViewResult> {
  return api.post<LogViewResult>(apiPaths.views.ofArticle(articleId), input);
}

export function toLogViewInput(progress: ReadProgress, now = new Date()): LogViewInput {
  return {
    viewedAt: now.toISOString(),
    percentViewed: progress.percentViewed,
    fullyViewed: progress.topViewed && progress.bottomViewed,
    middleViewed: progress.middleViewed,
    topViewed: progress.topViewed,
    bottomViewed: progress.bottomViewed,
  };
}

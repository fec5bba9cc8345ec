import { api } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

/** POST /api/newsletters/breaking: e-mails a headline on the ticker to the alerts' subscribers, once (docs/decisions/069-newsletters.md). */
export const sendBreakingAlert = (breakingNewsId: string) =>
  api.post<{ issueId: string }>(apiPaths.newsletters.breaking, { breakingNewsId });

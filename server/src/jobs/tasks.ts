import type { Task } from 'graphile-worker';
import type { AppContext } from '../context';
import { startJobWorker, type JobName, type JobWorker } from './job-queue';
import { sendMailTask } from './mail-job';

/** Every job's task, built on the app's context. */
function tasks(ctx: Pick<AppContext, 'mailer' | 'logger' | 'jwtSecret'>): Record<JobName, Task> {
  return { 'send-mail': sendMailTask(ctx) };
}

/**
 * Starts working the queue in this process: the app server does unless RUN_JOBS=false (main.ts), the
 * `worker` command does nothing else.
 */
export function startJobs(ctx: Pick<AppContext, 'mailer' | 'logger' | 'jwtSecret' | 'config'>, connectionString: string): Promise<JobWorker> {
  return startJobWorker({ connectionString, logger: ctx.logger, tasks: tasks(ctx), concurrency: ctx.config.jobConcurrency });
}

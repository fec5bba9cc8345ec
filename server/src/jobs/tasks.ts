import type { Task } from 'graphile-worker';
import type { AppContext } from '../context';
import { variantsTask } from '../lib/image-variants';
import { startJobWorker, type JobName, type JobWorker } from './job-queue';
import { sendMailTask } from './mail-job';

/** What the tasks use: the app's context, or the parts of it a `worker` process builds. */
export type JobsContext = Pick<AppContext, 'config' | 'db' | 'logger' | 'mailer' | 'jwtSecret' | 'cache' | 'storage'>;

/** Every job's task, built on the context. */
function tasks(ctx: JobsContext): Record<JobName, Task> {
  return { 'send-mail': sendMailTask(ctx), 'image-variants': variantsTask(ctx) };
}

/**
 * Starts working the queue in this process: the app server does unless RUN_JOBS=false (main.ts), the
 * `worker` command does nothing else.
 */
export function startJobs(ctx: JobsContext, connectionString: string): Promise<JobWorker> {
  return startJobWorker({ connectionString, logger: ctx.logger, tasks: tasks(ctx), concurrency: ctx.config.jobConcurrency });
}

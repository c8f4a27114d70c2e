import { jobHandlers } from '../src/services.ts';
import type { TestApp } from './helpers.ts';

type Handlers = ReturnType<typeof jobHandlers>;

export type RunJobsOptions = {
  /** Only jobs whose name starts with this; others stay queued. */
  prefix?: string;
  /** Jobs that are taken off the queue (and named in the answer) without running. */
  skip?: string[];
};

/**
 * Runs queued graphile-worker jobs one at a time in this process, oldest first, until none is left (for
 * apps created with `worker: false`, so that the test decides when background work happens); answers
 * the names of the jobs in the order they ran.
 */
export async function runJobs(t: TestApp, options: RunJobsOptions = {}): Promise<string[]> {
  const handlers = jobHandlers(t.services);
  const ran: string[] = [];
  for (;;) {
    const [job] = await t.query<{ id: string; identifier: keyof Handlers; payload: Record<string, unknown> }>(`SELECT j.id, t.identifier, j.payload
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE $1::text IS NULL OR t.identifier LIKE $1 || '%' ORDER BY j.id LIMIT 1`, [options.prefix ?? null]);
    if (!job) return ran;
    await t.query('DELETE FROM graphile_worker._private_jobs WHERE id = $1', [job.id]);
    if (!options.skip?.includes(job.identifier)) await handlers[job.identifier](job.payload);
    ran.push(job.identifier);
  }
}

export { createJobQueue, migrateJobs, startWorker, type JobHandlers, type JobName, type JobQueue } from './jobs.ts';

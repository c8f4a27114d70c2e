import { fileMessages } from '@portal/contract';
import sharp from 'sharp';
import { ServiceUnavailableError } from '../../lib/errors.ts';

/**
 * Decoding an image is the heaviest thing a request can make the server do (a 24-megapixel photo takes
 * about 100 MB and most of a second of one core), and an anonymous visitor can ask for it. So every
 * decode (uploads, drawn signatures) runs here: at most `workers` at a time, each on one libvips thread,
 * at most `waiting` more in line; past that the upload is refused at once with a Dutch 503 and
 * Retry-After instead of queueing without end. The rest of the portal (polling, logins) keeps its cores.
 *
 * The limit is per process, as the CPU and memory it protects are (sharp's own settings are global too).
 */
export type WorkQueue = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now (for tests and the start-up log). */
  readonly load: { running: number; waiting: number };
};

export const IMAGE_BUSY_RETRY_SECONDS = 5;

export function createWorkQueue(options: { workers: number; waiting: number; retryAfterSeconds?: number; busyMessage: string }): WorkQueue {
  let running = 0;
  const line: Array<() => void> = [];
  return {
    async run(task) {
      if (running < options.workers) running++;
      else if (line.length < options.waiting) await new Promise<void>((resolve) => line.push(resolve)); // the slot is handed over
      else throw new ServiceUnavailableError(options.busyMessage, options.retryAfterSeconds ?? IMAGE_BUSY_RETRY_SECONDS);
      try {
        return await task();
      } finally {
        const next = line.shift();
        if (next) next();
        else running--;
      }
    },
    get load() {
      return { running, waiting: line.length };
    },
  };
}

export type ImageWorkSettings = { workers: number; waiting: number };

let imageWork = createWorkQueue({ workers: 1, waiting: 8, busyMessage: fileMessages.busy });

/** Sets the limits of image decoding for this process (services.ts, from IMAGE_WORKERS and IMAGE_QUEUE_MAX). */
export function configureImageWork(settings: ImageWorkSettings): void {
  sharp.concurrency(1); // one libvips thread per image: `workers` images use `workers` cores
  imageWork = createWorkQueue({ ...settings, busyMessage: fileMessages.busy });
}

/** Runs sharp work in the process's image queue (503 when it is full). */
export function runImageWork<T>(task: () => Promise<T>): Promise<T> {
  return imageWork.run(task);
}

/** The queue's load now. */
export const imageWorkLoad = () => imageWork.load;

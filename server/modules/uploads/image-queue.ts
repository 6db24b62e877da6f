import pLimit from "p-limit";
import { busy } from "../../../common/errors.ts";

export const IMAGE_QUEUE_FULL = "O servidor está processando outras imagens. Tente novamente em instantes.";

export type ImageQueueOptions = {
  /** Images decoded at the same time. */
  concurrency: number;
  /** Uploads allowed to wait for their turn; each holds only its encoded bytes (up to the image size limit). */
  maxWaiting: number;
};

/**
 * Decoding a 48 MP photo takes well over 100 MB, and four decoded at once took
 * the server from 814 to 983 MB. Jobs run `concurrency` at a time in arrival
 * order; once `maxWaiting` more are waiting, the next is refused as busy
 * rather than queued without bound.
 */
export type ImageQueue = <T>(job: () => Promise<T>) => Promise<T>;

export function createImageQueue({ concurrency, maxWaiting }: ImageQueueOptions): ImageQueue {
  const limit = pLimit(concurrency);
  return <T>(job: () => Promise<T>): Promise<T> => {
    if (limit.activeCount + limit.pendingCount >= concurrency + maxWaiting) {
      return Promise.reject(busy(IMAGE_QUEUE_FULL));
    }
    return limit(job);
  };
}

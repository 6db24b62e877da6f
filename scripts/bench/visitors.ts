/**
 * Visitors asking for public pages without pause while a bench part's work runs: one per path, each waiting
 * for its answer before the next; every answer's time, in milliseconds.
 */
export async function visitorsDuring(base: string, paths: readonly string[], stop: Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let running = true;
  void stop.then(() => {
    running = false;
  });
  const visitor = async (path: string) => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
  };
  await Promise.all(paths.map(visitor));
  return times;
}

/** The `q` quantile (0.95: p95) of times sorted ascending; 0 for none. */
export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;

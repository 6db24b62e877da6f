/**
 * How a piece of work's time grows with its input: the work on an input of `size` and of `factor` times
 * it, each run `runs` times in turn (small, large, small, ...) so that a busy spell of the machine falls
 * on both, and the least of each kept (the machine's other work only ever adds time). In linear time the
 * large takes about `factor` times as long; a pattern reading the text back and forth takes `factor`
 * squared, far past what a loaded machine adds.
 */
export async function timeGrowth(
  workOn: (size: number) => () => unknown,
  size: number,
  { factor = 8, runs = 5 } = {},
): Promise<{ smallMs: number; largeMs: number; factor: number }> {
  const small = workOn(size);
  const large = workOn(factor * size);
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    smallMs = Math.min(smallMs, await timed(small));
    largeMs = Math.min(largeMs, await timed(large));
  }
  return { smallMs, largeMs, factor };
}

async function timed(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The bound a linear growth stays under: three times the factor (a square would be the factor times it), plus `slackMs`. */
export const linearBound = ({ smallMs, factor }: { smallMs: number; factor: number }, slackMs: number) =>
  3 * factor * smallMs + slackMs;

// The provider's rate limit as one process sees it, per token: Focus NFe allows 100 requests a minute and tells,
// on its answers, how many are left (Rate-Limit-Remaining) and in how many seconds the count starts again
// (Rate-Limit-Reset). Once none are left, or after a 429, every call with that token waits for the reset
// instead of being sent: the job runner's four notes at once, an administrator's click and a webhook's check
// all share the one allowance, and hammering the provider during a pause would only lengthen it.

/** Without a Rate-Limit-Reset, a pause lasts this long: the documented window. */
const DEFAULT_RESET_SECONDS = 60;

export type RateLimiter = {
  /** Milliseconds until calls may be sent again; 0 when they may be now. */
  pausedFor(now?: number): number;
  /** What an answer said of the allowance: its status and its headers. */
  observe(status: number, headers: Headers, now?: number): void;
};

const secondsOf = (value: string | null): number | null => {
  if (value === null || value.trim() === "") return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
};

export function createRateLimiter(): RateLimiter {
  let pausedUntil = 0;
  const pause = (now: number, seconds: number) => {
    pausedUntil = Math.max(pausedUntil, now + Math.ceil(seconds) * 1000);
  };
  return {
    pausedFor: (now = Date.now()) => Math.max(pausedUntil - now, 0),
    observe(status, headers, now = Date.now()) {
      const reset = secondsOf(headers.get("rate-limit-reset")) ?? secondsOf(headers.get("retry-after"));
      if (status === 429) pause(now, reset && reset > 0 ? reset : DEFAULT_RESET_SECONDS);
      else if (secondsOf(headers.get("rate-limit-remaining")) === 0) pause(now, reset ?? DEFAULT_RESET_SECONDS);
    },
  };
}

/** One limiter per token for the whole process: clients made for each call share their token's. */
export function createRateLimits() {
  const limiters = new Map<string, RateLimiter>();
  return {
    of(token: string): RateLimiter {
      let limiter = limiters.get(token);
      if (!limiter) {
        limiter = createRateLimiter();
        limiters.set(token, limiter);
      }
      return limiter;
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

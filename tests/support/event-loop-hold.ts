/**
 * The longest this thread ran between two turns of a 5 ms timer while `work` ran, in milliseconds:
 * the event loop held. Its own CPU time, not the clock's, so that the machine's other work (tests run
 * beside others on two cores) is not counted as the work's.
 */
export async function longestHold(work: () => Promise<unknown>): Promise<number> {
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let longest = 0;
  let last = cpuMs();
  const probe = setInterval(() => {
    const now = cpuMs();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    // The probe running first: its own first turn is not the work's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    longest = 0;
    last = cpuMs();
    await work();
  } finally {
    clearInterval(probe);
  }
  return Math.max(longest, cpuMs() - last);
}

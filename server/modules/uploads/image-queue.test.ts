import { describe, expect, it } from "vitest";
import { DomainError } from "../../../common/errors.ts";
import { createImageQueue, IMAGE_QUEUE_FULL } from "./image-queue.ts";

/** A job that runs until the test lets it finish, recording how many ran at once. */
function gatedJobs() {
  let running = 0;
  let mostAtOnce = 0;
  const gates: Array<() => void> = [];
  const job =
    (result: string, fail = false) =>
    async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
      if (fail) throw new Error(result);
      return result;
    };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { job, gates, settle, running: () => running, mostAtOnce: () => mostAtOnce };
}

describe("image queue", () => {
  it("runs one job at a time in order, admits a bounded number waiting, and refuses the rest as busy", async () => {
    const run = createImageQueue({ concurrency: 1, maxWaiting: 2 });
    const jobs = gatedJobs();
    const admitted = [run(jobs.job("a")), run(jobs.job("b", true)), run(jobs.job("c"))];
    // Settled together at the end, so the failing job's rejection is handled as soon as it happens.
    const settled = Promise.allSettled(admitted);
    const refused = run(jobs.job("d"));
    await expect(refused).rejects.toThrow(DomainError);
    await expect(refused).rejects.toMatchObject({ kind: "busy", message: IMAGE_QUEUE_FULL });

    for (let step = 0; step < 3; step++) {
      await jobs.settle();
      expect(jobs.running()).toBe(1);
      jobs.gates.shift()?.();
    }
    const outcomes = await settled;
    expect(outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : "failed"))).toEqual([
      "a",
      "failed",
      "c",
    ]);
    expect(jobs.mostAtOnce()).toBe(1);

    // Drained, failures included: the queue takes work again.
    const next = run(jobs.job("e"));
    await jobs.settle();
    jobs.gates.shift()?.();
    await expect(next).resolves.toBe("e");
  });

  it("runs up to `concurrency` jobs at once", async () => {
    const run = createImageQueue({ concurrency: 2, maxWaiting: 1 });
    const jobs = gatedJobs();
    const admitted = [run(jobs.job("a")), run(jobs.job("b")), run(jobs.job("c"))];
    await expect(run(jobs.job("d"))).rejects.toMatchObject({ kind: "busy" });
    await jobs.settle();
    expect(jobs.running()).toBe(2);
    while (jobs.gates.length) {
      for (const open of jobs.gates.splice(0)) open();
      await jobs.settle();
    }
    await expect(Promise.all(admitted)).resolves.toEqual(["a", "b", "c"]);
    expect(jobs.mostAtOnce()).toBe(2);
  });
});

/**
 * A library import (preview, then commit) of a generated BibTeX file while /api/ready is polled, to
 * show that parsing does not hold up other requests (docs/decisions/0005).
 */
import { generatedBibtex } from "../../server/modules/medias/interchange/fixtures/generate.ts";

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

function latencyLine(label: string, latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${label} ${sorted.length} requests, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
}

/**
 * Runs `work` while two connections poll /api/ready (a database query) and two poll an unknown /api
 * address (a 404 that never touches the database, so it shows the event loop alone).
 */
async function duringPolls<T>(base: string, work: () => Promise<T>) {
  const ready: number[] = [];
  const loop: number[] = [];
  let running = true;
  const poll = async (url: string, latencies: number[]) => {
    while (running) {
      const started = performance.now();
      const response = await fetch(url).catch(() => null);
      await response?.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  };
  const pollers = [
    poll(`${base}/api/ready`, ready),
    poll(`${base}/api/ready`, ready),
    poll(`${base}/api/bench-no-such-route`, loop),
    poll(`${base}/api/bench-no-such-route`, loop),
  ];
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, ready, loop };
  } finally {
    running = false;
    await Promise.all(pollers);
  }
}

export async function importScenario(base: string, token: string, entries: number): Promise<void> {
  const text = generatedBibtex(entries);
  for (const [label, url] of [
    ["preview", "/api/medias/import/preview"],
    ["commit", "/api/medias/import"],
  ] as const) {
    const { result, seconds, ready, loop } = await duringPolls(base, async () => {
      const response = await fetch(`${base}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Token ${token}` },
        body: JSON.stringify({ text, format: "bibtex" }),
      });
      if (!response.ok) throw new Error(`import ${label} failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as { new: number; created?: number };
    });
    const created = result.created === undefined ? "" : `, created ${result.created}`;
    const size = (text.length / 1024 / 1024).toFixed(1);
    console.log(
      `import ${label.padEnd(7)} ${entries} entries (${size} MB) in ${seconds.toFixed(1)} s, new ${result.new}${created}`,
    );
    console.log(`  meanwhile ${latencyLine("/api/ready:", ready)}; ${latencyLine("no-database 404:", loop)}`);
  }
}

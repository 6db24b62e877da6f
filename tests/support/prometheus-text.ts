import { getMetricsFromIterator, type PromMetrics } from "prom2javascript";

/** A sample whose value is NaN: valid in the format, unread by prom2javascript (numbers and +Inf only). */
const NOT_A_NUMBER = /\sNaN$/i;

/**
 * A /metrics answer read by a Prometheus text-format parser (not ours): its families by name. Samples
 * without a value yet (prom-client's event-loop lag between two scrapes a moment apart) are left out.
 */
export function parseMetrics(text: string): Promise<PromMetrics> {
  const lines = text.split("\n").filter((line) => !NOT_A_NUMBER.test(line));
  return getMetricsFromIterator(lines[Symbol.iterator]());
}

type Sample = { labels: Record<string, string>; value?: number; count?: number; sum?: number; buckets?: object };

/** The samples of one family whose labels include `labels`. */
export function samplesOf(metrics: PromMetrics, name: string, labels: Record<string, string> = {}): Sample[] {
  const family = metrics[name];
  if (!family) throw new Error(`no ${name} in the metrics`);
  const samples: Sample[] = family.data;
  return samples.filter((sample) => Object.entries(labels).every(([label, value]) => sample.labels[label] === value));
}

/** The sum of those samples' values (a histogram's: their counts). */
export function total(metrics: PromMetrics, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(metrics, name, labels).reduce((sum, sample) => sum + (sample.value ?? sample.count ?? 0), 0);
}

import { describe, expect, it } from "vitest";
import { parseCpuTicks, parseVmRssMb } from "./proc.ts";

describe("/proc readers", () => {
  it("reads VmRSS in MB", () => {
    expect(parseVmRssMb("Name:\tnode\nVmPeak:\t 999999 kB\nVmRSS:\t  307200 kB\nRssAnon:\t 1 kB\n")).toBe(300);
    expect(() => parseVmRssMb("Name:\tnode\n")).toThrow(/no VmRSS/);
  });

  it("adds user and system ticks, even when the command name holds spaces and parentheses", () => {
    const stat = "4242 (node (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 11 0";
    expect(parseCpuTicks(stat)).toBe(1234 + 567);
  });
});

import { describe, expect, it } from "vitest";
import { parseWrkReport, wrkArguments } from "./wrk.ts";

const RUN = `Running 5s test @ http://127.0.0.1:3000/
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.10ms    1.02ms  40.00ms   90.00%
  Latency Distribution
     50%    1.90ms
     99%    6.20ms
  41250 requests in 5.00s, 100.00MB read
Requests/sec:   8250.00
Transfer/sec:     20.00MB
`;

describe("parseWrkReport", () => {
  it("reads the Lua hook's line: rate, percentiles in ms, errors", () => {
    const output = `${RUN}WRKRESULT requests=41250 duration_us=5000000 bytes=104857600 status_errors=3 connect=1 read=2 write=0 timeouts=4 p50_us=1900 p99_us=6200 max_us=40000\n`;
    expect(parseWrkReport(output)).toEqual({
      requests: 41250,
      seconds: 5,
      perSecond: 8250,
      p50Ms: 1.9,
      p99Ms: 6.2,
      maxMs: 40,
      non2xx: 3,
      socketErrors: 3,
      timeouts: 4,
      kbPerResponse: 104857600 / 41250 / 1024,
    });
  });

  it("uses the measured duration, not the requested one", () => {
    const output =
      "WRKRESULT requests=500 duration_us=5100000 bytes=0 status_errors=0 connect=0 read=0 write=0 timeouts=0 p50_us=800 p99_us=9000 max_us=12000";
    expect(parseWrkReport(output).perSecond).toBeCloseTo(500 / 5.1, 6);
  });

  it("throws with wrk's own output when the hook printed nothing", () => {
    expect(() => parseWrkReport("unable to connect to 127.0.0.1:3000 Connection refused\n")).toThrow(
      /wrk printed no result:\nunable to connect/,
    );
  });

  it("throws when a field is missing or not a number", () => {
    expect(() =>
      parseWrkReport(
        "WRKRESULT requests=10 duration_us=1000000 status_errors=0 connect=0 read=0 write=0 timeouts=0 p50_us=1 p99_us=1 max_us=1",
      ),
    ).toThrow(/without bytes/);
    expect(() =>
      parseWrkReport(
        "WRKRESULT requests=10 duration_us=1000000 bytes=1 status_errors=0 connect=0 read=0 write=0 timeouts=0 p50_us=nan p99_us=1 max_us=1",
      ),
    ).toThrow(/without p50_us/);
  });
});

describe("wrkArguments", () => {
  it("sends no header of its own, and each header asked for with -H", () => {
    const plain = wrkArguments("/tmp/report.lua", "http://127.0.0.1:3000/", { connections: 50, seconds: 5 });
    expect(plain).toEqual([
      "-t2",
      "-c50",
      "-d5s",
      "--timeout",
      "10s",
      "--latency",
      "-s",
      "/tmp/report.lua",
      "http://127.0.0.1:3000/",
    ]);
    const browser = wrkArguments("/tmp/report.lua", "http://127.0.0.1:3000/", {
      connections: 1,
      seconds: 1,
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(browser.slice(0, 7)).toEqual([
      "-t1",
      "-c1",
      "-d1s",
      "--timeout",
      "10s",
      "-H",
      "Accept-Encoding: gzip, deflate, br",
    ]);
  });
});

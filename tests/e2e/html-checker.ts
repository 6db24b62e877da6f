import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** The W3C's HTML checker (the Nu Html Checker, from the vnu-jar package), run here on the system's Java. */
const VNU_JAR: string = String(createRequire(import.meta.url)("vnu-jar"));
const JAVA = process.env.JAVA ?? "java";

type Message = { type: string; subType?: string; url?: string; message: string; lastLine?: number; extract?: string };

/**
 * The checker's errors in each page's HTML, one readable line each ("path:line: message"). All pages go
 * to one run: the checker's start costs seconds. Needs Java 17 or later (`apt-get install -y
 * default-jre-headless` on a machine without it).
 */
export async function htmlErrors(pages: { path: string; html: string }[]): Promise<string[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "html-checker-"));
  try {
    const files = await Promise.all(
      pages.map(async (page, index) => {
        const file = path.join(folder, `${index}.html`);
        await writeFile(file, page.html);
        return { file, path: page.path };
      }),
    );
    let report: string;
    try {
      // It exits 1 when it finds an error: the report is on stderr either way.
      await promisify(execFile)(
        JAVA,
        ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files.map((f) => f.file)],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      return [];
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? "";
      if (!stderr.trim().startsWith("{"))
        throw new Error(`The HTML checker did not run (is Java 17+ installed?): ${String(error)}`);
      report = stderr;
    }
    const { messages } = JSON.parse(report) as { messages: Message[] };
    const pathOf = (url = "") => files.find((f) => url.endsWith(`/${path.basename(f.file)}`))?.path ?? url;
    return messages
      .filter((message) => message.type === "error" || message.subType === "fatal")
      .map(
        (message) =>
          `${pathOf(message.url)}:${message.lastLine ?? "?"}: ${message.message} (${(message.extract ?? "").replace(/\s+/g, " ")})`,
      );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

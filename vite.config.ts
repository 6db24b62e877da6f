import { createHash } from "node:crypto";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * A built page's CSS-module class names, "_" and six characters of a hash of the file and the class:
 * the same in the server and browser builds, and a fifth of the default's length. A public page carries
 * some two hundred of them; the page cache sends every byte again on every hit.
 */
function shortClassName(name: string, filename: string): string {
  const file = path.relative(import.meta.dirname, filename.split("?")[0] ?? filename);
  return `_${createHash("sha256").update(`${file}:${name}`).digest("base64url").slice(0, 6)}`;
}

/** React, React Router and what they bring: needed by every page, cached across deploys that do not upgrade them. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;

/**
 * The small shared modules of the public pages (kit, icons, helpers). Left to itself the bundler
 * gives each a file of its own, and a page would load some thirty; issue 10 allows fifteen. The
 * account's own components (Mantine; the library's form and its fields, which use the account form kit)
 * and whatever imports zod stay out: a module in the group brings what it imports along, so public pages
 * would load them (tests/e2e/page-weight.spec.ts checks it).
 */
const PUBLIC_SHARED =
  /[\\/](app[\\/](components[\\/](site|medias[\\/](?!media-form|import-preview|[a-z-]+-field\.))|components[\\/][a-z-]+\.tsx|lib[\\/](?!.*\.server\.)(?!theme\.|reais-text|form-parse)[a-z-]+\.ts)|common[\\/](?!schemas|zod|pagination|money|parse-input|product-variants)[a-z-]+\.ts)/;

/**
 * Bundled into the server build rather than imported from node_modules at run time: the icons'
 * package entry imports each of its ~6,000 icons, which cost every render thread ~70 MB of memory
 * to hold the few dozen the app draws.
 */
const SERVER_BUNDLED = ["@tabler/icons-react", /^@mantine\//, /^@tiptap\//];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter()],
  // Development keeps the readable default (`_local_hash_line`).
  css: command === "build" ? { modules: { generateScopedName: shortClassName } } : {},
  ssr: { noExternal: SERVER_BUNDLED },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK },
                { name: "site", test: PUBLIC_SHARED },
              ],
            },
          },
        },
      },
}));

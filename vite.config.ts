import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** React, React Router and what they bring: needed by every page, cached across deploys that do not upgrade them. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;

/**
 * The small shared modules of the public pages (kit, icons, helpers). Left to itself the bundler
 * gives each a file of its own, and a page would load some thirty; issue 10 allows fifteen. The
 * account's own components (Mantine) and whatever imports zod stay out, so public pages never load them
 * (tests/e2e/page-weight.spec.ts checks it).
 */
const PUBLIC_SHARED =
  /[\\/](app[\\/](components[\\/](site|medias[\\/](?!media-form|import-preview|names-field))|components[\\/][a-z-]+\.tsx|lib[\\/](?!.*\.server\.)(?!theme\.|reais-text)[a-z-]+\.ts)|common[\\/](?!schemas|zod|pagination|money|parse-input|product-variants)[a-z-]+\.ts)/;

/**
 * Bundled into the server build rather than imported from node_modules at run time: the icons'
 * package entry imports each of its ~6,000 icons, which cost every render thread ~70 MB of memory
 * to hold the few dozen the app draws.
 */
const SERVER_BUNDLED = ["@tabler/icons-react", /^@mantine\//, /^@tiptap\//];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
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

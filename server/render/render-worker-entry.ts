/**
 * A render worker thread's entry (render-pool.ts starts it): module hooks are per thread, so this
 * thread installs its own before it loads the server's modules (server/runtime/module-resolution.ts).
 */
import { resolveDrizzleQuickly } from "../runtime/module-resolution.ts";

resolveDrizzleQuickly();
await import("./render-worker.ts");

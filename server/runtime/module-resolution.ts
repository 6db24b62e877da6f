import module from "node:module";

/**
 * To tell whether a .js file is ESM, Node parses its package's whole package.json, again for every
 * import: drizzle-orm's is 175 kB and the server resolves ~440 imports between its files. That cost
 * ~0.45 s of a start and ~75 MB of resident memory per process or thread (measured: 322 MB against
 * 248 MB idle on PostgreSQL). That package is "type": "module", so its relative .js imports are ESM,
 * which is what Node would find. Hooks are per thread: every entry (server/main.ts, the render
 * worker's entry) calls this before it imports the server's modules.
 */
export function resolveDrizzleQuickly(): void {
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent?.includes("/node_modules/drizzle-orm/") && /^\.\.?\/.*\.js$/.test(specifier)) {
        return { url: new URL(specifier, parent).href, format: "module", shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}

import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

type TestAppOptions = {
  /** Settings read by `loadConfig`, such as `TRUST_PROXY` or `BASE_URL`. */
  env?: Record<string, string>;
} & (
  | {
      /** Each test starts from a site that was never set up (the default); with `setUp`, from one just set up. */
      resetEachTest?: true;
      setUp?: boolean;
    }
  | {
      /** The file's tests share one site, built once in the file's own `beforeAll`. */
      resetEachTest: false;
      setUp?: never;
    }
);

/** The test app of the current file or describe block, plus the super user's token when `setUp` is on. */
type TestAppHandle = TestApp & { readonly superToken: string };

/**
 * Registers the hooks that give a file (or describe block) its own test app, closed afterwards, and answers an
 * object that stands for that app inside tests and hooks.
 */
export function withTestApp(options: TestAppOptions = {}): TestAppHandle {
  let current: TestApp | undefined;
  let superToken: string | undefined;
  const app = (): TestApp => {
    if (!current) throw new Error("The test app exists only inside tests and hooks.");
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(options.env);
  });
  afterAll(() => current?.close());
  if (options.resetEachTest !== false)
    beforeEach(async () => {
      await app().reset();
      if (options.setUp) superToken = await app().setupSite();
    });
  return {
    get app() {
      return app().app;
    },
    get services() {
      return app().services;
    },
    get database() {
      return app().database;
    },
    get dataDir() {
      return app().dataDir;
    },
    get superToken() {
      if (superToken === undefined) throw new Error("The super user's token needs withTestApp({ setUp: true }).");
      return superToken;
    },
    request: (...args) => app().request(...args),
    login: (...args) => app().login(...args),
    setupSite: () => app().setupSite(),
    createUser: (...args) => app().createUser(...args),
    reset: () => app().reset(),
    close: () => app().close(),
  };
}

/** A test's fake provider: a local server at `url`, stopped by `close`. */
type FakeServer = { url: string; close(): Promise<void> };

/**
 * Starts a fake provider for the file before its test app is built, and stops it after the file: registered
 * ahead of withTestApp, its hook fills `env` first, each of `settings` (MELHOR_ENVIO_URL, ...) with the fake's
 * address, which the app reads when it is built. Answers the fake, inside tests and hooks.
 */
export function withFakeServer<F extends FakeServer>(
  start: () => Promise<F>,
  env: Record<string, string>,
  ...settings: string[]
): () => F {
  let current: F | undefined;
  beforeAll(async () => {
    const fake = await start();
    current = fake;
    for (const name of settings) env[name] = fake.url;
  });
  afterAll(() => current?.close());
  return () => {
    if (!current) throw new Error("The fake server exists only inside tests and hooks.");
    return current;
  };
}

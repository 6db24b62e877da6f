import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import type { ChangeFeed } from "../kernel/change-feed.ts";
import type { AreaEvent } from "../kernel/events.ts";

const CHANNEL = "cms_changes";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; announcements carry ids at most. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

/** `event` null: a change too large to describe, which the others treat as changes missed. */
type Notice = { origin: string; event: AreaEvent | null };

function isNotice(value: unknown): value is Notice {
  if (typeof value !== "object" || value === null) return false;
  const { origin, event } = value as Record<string, unknown>;
  return typeof origin === "string" && typeof event === "object" && (event === null || "name" in event);
}

/**
 * The change feed over PostgreSQL's LISTEN/NOTIFY: nothing to run beside the database. Each process
 * keeps one connection listening; a change is sent on the publishing process's own pool. A process
 * hears its own notices too, and drops them by origin. When the listening connection is lost, the
 * process reconnects every second and, once back, tells its listeners that changes may have been missed.
 */
export async function openPostgresChangeFeed(connectionString: string, logger: Logger): Promise<ChangeFeed> {
  const origin = randomUUID();
  const listeners: ((event: AreaEvent | null) => void)[] = [];
  const publisher = new pg.Pool({ connectionString, max: 1 });
  publisher.on("error", () => {});
  let listening: pg.Client | null = null;
  let closed = false;
  let reconnecting: NodeJS.Timeout | null = null;

  const hand = (event: AreaEvent | null) => {
    for (const listener of listeners) listener(event);
  };

  async function listen(afterLoss: boolean): Promise<void> {
    const client = new pg.Client({ connectionString });
    const lost = () => {
      if (listening !== client || closed) return;
      listening = null;
      logger.warn("change feed lost its connection: reconnecting");
      client.end().catch(() => {});
      scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      let notice: unknown;
      try {
        notice = JSON.parse(message.payload);
      } catch {
        return;
      }
      if (isNotice(notice) && notice.origin !== origin) hand(notice.event);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listening = client;
    if (afterLoss) {
      logger.info("change feed reconnected");
      hand(null);
    }
  }

  function scheduleReconnect(): void {
    if (closed || reconnecting) return;
    reconnecting = setTimeout(() => {
      reconnecting = null;
      listen(true).catch((error: unknown) => {
        logger.warn({ err: error }, "change feed could not reconnect");
        scheduleReconnect();
      });
    }, RECONNECT_MS);
    reconnecting.unref();
  }

  await listen(false);
  return {
    publish(event) {
      let payload = JSON.stringify({ origin, event } satisfies Notice);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ origin, event: null } satisfies Notice);
      publisher.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]).catch((error: unknown) => {
        logger.error({ err: error, event: event.name }, "change feed could not publish");
      });
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      if (reconnecting) clearTimeout(reconnecting);
      const client = listening;
      listening = null;
      await client?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}

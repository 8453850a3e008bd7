import pg from 'pg';
import { postgresUrlOf, type Db } from './db';

const RECONNECT_MS = 1_000;

export type Listener = {
  /** True while notifications are heard: a cache may trust its entries only then. */
  readonly listening: boolean;
  close(): Promise<void>;
};

/**
 * One connection that LISTENs on `channel` of `db`'s PostgreSQL server, for the caches of this process that a
 * write elsewhere must empty (platform/auth-cache.ts, platform/team-cache.ts). `onNotification` gets each
 * payload. `onReset` is called whenever notifications may have been missed — the connection was lost, or has
 * just started listening — so a cache empties itself rather than keep an entry whose change it did not hear.
 * Reconnects by itself until closed.
 */
export function listenForNotifications(
  db: Db,
  channel: string,
  handlers: { onNotification(payload: string | undefined): void; onReset(): void },
): Listener {
  let closed = false;
  let listening = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const connect = async () => {
    timer = null;
    const url = postgresUrlOf(db);
    if (closed || !url) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = null;
      listening = false;
      handlers.onReset();
      void next.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => handlers.onNotification(message.payload));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (client !== next) return;
      // Anything may have changed while nobody listened.
      handlers.onReset();
      listening = true;
    } catch {
      lost();
    }
  };
  void connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      listening = false;
      if (current) await current.end().catch(() => undefined);
    },
  };
}

import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { clusterRelay } from './cluster';

/**
 * Realtime fan-out over channels (`user.<id>`, `team.<id>`). In one process an EventEmitter carries
 * events; with Redis every instance publishes to and subscribes from Redis, so a browser connected to
 * instance A hears an event raised on instance B. Redis channels are named `<REDIS_PREFIX>rt:<channel>`:
 * the clients' keyPrefix covers keys only, and pub/sub ignores database numbers, so without the deployment's
 * prefix another deployment on the same Redis would hear these events (names, unread counts, file names).
 * Without Redis, the workers of one WORKERS=N cluster reach each other through the primary (platform/cluster.ts).
 */
export type RealtimeEvent = { type: string; data: unknown };

export type Realtime = {
  publish(channel: string, event: RealtimeEvent): void;
  subscribe(channels: string[], listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
};

export function createRealtime(
  redis: { publisher: Redis; subscriber: Redis; prefix: string } | null,
  relay = redis ? null : clusterRelay(),
): Realtime {
  const PREFIX = `${redis?.prefix ?? ''}rt:`;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  const unlisten = relay?.listen((channel, event) => local.emit(channel, event as RealtimeEvent));
  if (redis) {
    redis.subscriber.on('message', (channel: string, message: string) => {
      if (channel.startsWith(PREFIX))
        local.emit(channel.slice(PREFIX.length), JSON.parse(message) as RealtimeEvent);
    });
    // ioredis resubscribes after a reconnect only to channels Redis had confirmed; a subscribe sent during an
    // outage was refused, so every channel someone listens to is subscribed again once Redis is back
    // (subscribing twice is harmless).
    redis.subscriber.on('ready', () => {
      const live = [...counts].filter(([, n]) => n > 0).map(([channel]) => PREFIX + channel);
      if (live.length) redis.subscriber.subscribe(...live).catch(() => undefined);
    });
  }
  return {
    publish(channel, event) {
      if (relay) return relay.publish(channel, event);
      // Redis down: this instance's own listeners still hear the event at once (other instances miss it until
      // Redis is back; browsers refetch on reconnect). A failed publish must never become an unhandled rejection.
      if (!redis || redis.publisher.status !== 'ready') return void local.emit(channel, event);
      redis.publisher
        .publish(PREFIX + channel, JSON.stringify(event))
        .catch(() => local.emit(channel, event));
    },
    subscribe(channels, listener) {
      for (const channel of channels) {
        local.on(channel, listener);
        const n = (counts.get(channel) ?? 0) + 1;
        counts.set(channel, n);
        if (redis && n === 1) redis.subscriber.subscribe(PREFIX + channel).catch(() => undefined);
      }
      return () => {
        for (const channel of channels) {
          local.off(channel, listener);
          const n = (counts.get(channel) ?? 1) - 1;
          counts.set(channel, n);
          if (redis && n === 0) redis.subscriber.unsubscribe(PREFIX + channel).catch(() => undefined);
        }
      };
    },
    async close() {
      unlisten?.();
      local.removeAllListeners();
      if (redis)
        await Promise.all(
          [redis.subscriber, redis.publisher].map((client) => client.quit().catch(() => client.disconnect())),
        );
    },
  };
}

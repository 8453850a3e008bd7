import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, Executor } from './db';
import { nowIso } from './clock';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

const MAX_ATTEMPTS = 5;
const CLAIM_TIMEOUT_MS = 5 * 60_000;

/**
 * Mail goes through the outbox: the row is written in the same transaction as the change that
 * causes it (no invitation without its e-mail, no e-mail for a rolled-back change), and a sender
 * delivers it with retries. Any instance may deliver; claiming makes each row go out once.
 */
export async function enqueueMail(trx: Executor, message: MailMessage): Promise<void> {
  const now = nowIso();
  await trx
    .insertInto('outbox')
    .values({ kind: 'mail', payload: JSON.stringify(message), available_at: now, created_at: now })
    .execute();
}

export type MailSender = {
  /** Delivers what is due now; returns how many went out. */
  deliverDue(): Promise<number>;
  /** Asks for a delivery soon (after a commit) without waiting for the next tick. */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

export function createMailSender(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
}): MailSender {
  const { db, log } = options;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function send(id: number, message: MailMessage) {
    const info = await transport.sendMail({ from: options.from, ...message });
    if (!options.smtpUrl) {
      // No SMTP: keep the message as an .eml file and log its links so a laptop user can click them.
      await fs.mkdir(options.mailDir, { recursive: true });
      const file = path.join(options.mailDir, `${Date.now()}-${id}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'mail written');
    }
  }

  async function deliverDue(): Promise<number> {
    const now = nowIso();
    const staleClaim = new Date(Date.now() - CLAIM_TIMEOUT_MS).toISOString();
    const claimed = await db
      .updateTable('outbox')
      .set({ claimed_at: now, attempts: sql`attempts + 1` })
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('available_at', '<=', now)
          .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleClaim)]))
          .orderBy('id')
          .limit(20),
      )
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleClaim)]))
      .returning(['id', 'payload', 'attempts'])
      .execute();
    let sent = 0;
    for (const row of claimed) {
      try {
        await send(row.id, JSON.parse(row.payload) as MailMessage);
        await db.updateTable('outbox').set({ sent_at: nowIso() }).where('id', '=', row.id).execute();
        sent += 1;
      } catch (error) {
        const failed = row.attempts >= MAX_ATTEMPTS;
        const backoffMs = 2 ** row.attempts * 1000;
        log.warn({ err: error, outboxId: row.id, attempts: row.attempts }, 'mail delivery failed');
        await db
          .updateTable('outbox')
          .set({
            claimed_at: null,
            last_error: String(error).slice(0, 1000),
            available_at: new Date(Date.now() + backoffMs).toISOString(),
            failed_at: failed ? nowIso() : null,
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return sent;
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = deliverDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'outbox run failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    deliverDue: run,
    kick: () => void run(),
    start(intervalMs = 5000) {
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      while (running) await running;
    },
  };
}

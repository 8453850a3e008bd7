import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from './db';
import { nowIso } from './clock';
import { createQueueWorker, OUTBOX_COLUMNS } from './queue';
import { insertMany } from './db/insert-many';

export const MAIL_MAX_ATTEMPTS = 20;

/** A file sent along, base64 in the outbox row: keep it small (MAIL_ATTACHMENT_MAX_BYTES) and its name safe. */
export type MailAttachment = { filename: string; contentType: string; content: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** The largest file a mail carries: bigger ones are linked to instead (an outbox row is read whole). */
export const MAIL_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Mail goes through the outbox: the row is written in the same transaction as the change that
 * causes it (no invitation without its e-mail, no e-mail for a rolled-back change), and a sender
 * delivers it with retries.
 */
export async function enqueueMail(trx: Executor, message: MailMessage): Promise<void> {
  await enqueueMails(trx, [message]);
}

/** Many messages in as few statements as the database allows: a scan mails thousands in one transaction. */
export async function enqueueMails(trx: Executor, messages: readonly MailMessage[]): Promise<void> {
  const now = nowIso();
  await insertMany(
    trx,
    'outbox',
    OUTBOX_COLUMNS,
    messages.map((message) => ({
      kind: 'mail',
      payload: JSON.stringify(message),
      available_at: now,
      created_at: now,
    })),
  );
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
  const transport: Transporter = options.smtpUrl
    ? // Nodemailer waits minutes by default; a dead or silent SMTP server should fail an attempt in seconds
      // (it is retried with back-off) instead of holding the outbox worker.
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const worker = createQueueWorker({
    db: options.db,
    log: options.log,
    table: 'outbox',
    // Push rows share the outbox (platform/push.ts) and have their own sender.
    kinds: ['mail'],
    // An SMTP outage must not lose mail: 20 attempts backing off to hourly cover about ten hours of it.
    maxAttempts: MAIL_MAX_ATTEMPTS,
    async handle(row) {
      const message = JSON.parse(row.payload) as MailMessage;
      const info = await transport.sendMail({
        from: options.from,
        ...message,
        attachments: message.attachments?.map((a) => ({ ...a, encoding: 'base64' })),
      });
      if (!options.smtpUrl) {
        // No SMTP: keep the message as an .eml file and log its links so a laptop user can click them.
        await fs.mkdir(options.mailDir, { recursive: true });
        const file = path.join(options.mailDir, `${Date.now()}-${row.id}.eml`);
        await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        options.log.info({ to: message.to, subject: message.subject, file, links }, 'mail written');
      }
    },
  });
  return { deliverDue: worker.runDue, kick: worker.kick, start: worker.start, stop: worker.stop };
}

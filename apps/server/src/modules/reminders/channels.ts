import type { Executor } from '../../platform/db';
import { enqueueMails } from '../../platform/mail';
import { pushEach } from '../devices/index';
import { nameForMail } from '../../platform/text';

export type Recipient = { id: number; email: string; name: string };

/** One reminder as a notice shows it. */
export type NoticeItem = {
  reminderId: number;
  title: string;
  dueDate: string;
  daysLeft: number;
  subjectName: string | null;
};

/**
 * What a notice says, independent of how it travels: `immediate` for a deadline within a week (one
 * reminder, sent at once), `digest` for the day's other notices of one user and team.
 */
export type Notice = { kind: 'immediate' | 'digest' | 'overdue'; teamName: string; items: NoticeItem[] };

/** One notice to one person. */
export type Delivery = { recipient: Recipient; notice: Notice };

/**
 * A way a notice reaches a person. Channels write into the outbox inside the claiming transaction, so a
 * notice is delivered exactly when its claim commits: e-mail, and web push to the user's devices. A claim
 * hands over all of its deliveries at once: a scan that mails thousands writes them in a few statements.
 */
export type NoticeChannel = {
  name: string;
  deliver(trx: Executor, deliveries: readonly Delivery[], appUrl: string): Promise<void>;
};

const inDays = (days: number) => (days <= 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`);
const line = (item: NoticeItem, appUrl: string) =>
  `• ${item.title}${item.subjectName ? ` — ${item.subjectName}` : ''}\n  Due ${item.dueDate} (${inDays(item.daysLeft)}): ${appUrl}/reminders/${item.reminderId}/comments`;

/** A digest lists this many reminders and links to the inbox for the rest. */
export const DIGEST_MAX_ITEMS = 50;

const overdueLine = (item: NoticeItem, appUrl: string) =>
  `• ${item.title}${item.subjectName ? ` — ${item.subjectName}` : ''}\n  Was due ${item.dueDate} (${-item.daysLeft} day${item.daysLeft === -1 ? '' : 's'} ago): ${appUrl}/reminders/${item.reminderId}/comments`;

export function noticeMail(recipient: Recipient, rawNotice: Notice, appUrl: string) {
  // Names people typed go into mail flattened to one line, without control or direction characters.
  const notice = { ...rawNotice, teamName: nameForMail(rawNotice.teamName) };
  recipient = { ...recipient, name: nameForMail(recipient.name) };
  if (notice.kind === 'overdue') {
    const count = notice.items.length;
    const first = notice.items[0]!;
    const shown = notice.items.slice(0, DIGEST_MAX_ITEMS);
    return {
      to: recipient.email,
      subject:
        count === 1
          ? `Overdue: ${first.title} (was due ${first.dueDate})`
          : `${notice.teamName}: ${count} critical dates are overdue`,
      text: `Hello ${recipient.name},\n\n${count === 1 ? 'This deadline of' : 'These deadlines of'} ${notice.teamName} passed and ${count === 1 ? 'is' : 'are'} still open. Complete, snooze or reassign ${count === 1 ? 'it' : 'them'} in Storekeep; you will be reminded weekly until then.\n\n${shown.map((item) => overdueLine(item, appUrl)).join('\n')}\n${count > shown.length ? `\n…and ${count - shown.length} more: ${appUrl}/reminders\n` : ''}`,
    };
  }
  if (notice.kind === 'immediate') {
    const item = notice.items[0]!;
    return {
      to: recipient.email,
      subject: `Due soon: ${item.title} (${item.dueDate})`,
      text: `${item.title}${item.subjectName ? `\n${item.subjectName}` : ''}\n\nDue on ${item.dueDate} — ${inDays(item.daysLeft)}.\n\nOpen it in Storekeep: ${appUrl}/reminders/${item.reminderId}/comments\n\nMute this record from the reminder's page to stop these e-mails.\n`,
    };
  }
  const shown = notice.items.slice(0, DIGEST_MAX_ITEMS);
  const more = notice.items.length - shown.length;
  const count = notice.items.length;
  return {
    to: recipient.email,
    subject: `${notice.teamName}: ${count} critical date${count === 1 ? '' : 's'} coming up`,
    text: `Hello ${recipient.name},\n\nThese critical dates of ${notice.teamName} reached a reminder lead time:\n\n${shown.map((item) => line(item, appUrl)).join('\n')}\n${more > 0 ? `\n…and ${more} more: ${appUrl}/reminders\n` : ''}\nAll open reminders: ${appUrl}/reminders\n`,
  };
}

export const emailChannel: NoticeChannel = {
  name: 'email',
  deliver: (trx, deliveries, appUrl) =>
    enqueueMails(
      trx,
      deliveries.map(({ recipient, notice }) => noticeMail(recipient, notice, appUrl)),
    ),
};

/** The push a notice makes: one reminder opens its page, a digest opens the inbox. */
export function noticePush(notice: Notice) {
  if (notice.kind === 'overdue') {
    const count = notice.items.length;
    const first = notice.items[0]!;
    return {
      title: count === 1 ? `Overdue: ${first.title}` : `${notice.teamName}: ${count} critical dates overdue`,
      body:
        notice.items
          .slice(0, 3)
          .map((item) => `${item.title} (was due ${item.dueDate})`)
          .join(', ') + (count > 3 ? '…' : ''),
      url: count === 1 ? `/reminders/${first.reminderId}/comments` : '/reminders?filters[state]=overdue',
      tag: 'overdue',
    };
  }
  if (notice.kind === 'immediate') {
    const item = notice.items[0]!;
    return {
      title: `Due ${inDays(item.daysLeft)}: ${item.title}`,
      body: `${item.subjectName ? `${item.subjectName} — ` : ''}due on ${item.dueDate}`,
      url: `/reminders/${item.reminderId}/comments`,
      tag: `reminder-${item.reminderId}`,
    };
  }
  const count = notice.items.length;
  return {
    title: `${notice.teamName}: ${count} critical date${count === 1 ? '' : 's'} coming up`,
    body:
      notice.items
        .slice(0, 3)
        .map((item) => `${item.title} (${item.dueDate})`)
        .join(', ') + (count > 3 ? '…' : ''),
    url: count === 1 ? `/reminders/${notice.items[0]!.reminderId}/comments` : '/reminders',
    tag: 'digest',
  };
}

export const pushChannel: NoticeChannel = {
  name: 'push',
  deliver: async (trx, deliveries) =>
    void (await pushEach(
      trx,
      deliveries.map(({ recipient, notice }) => ({
        userId: recipient.id,
        message: noticePush(notice),
        urgency: notice.kind === 'digest' ? 'normal' : 'high',
      })),
    )),
};

export const noticeChannels: NoticeChannel[] = [emailChannel, pushChannel];

/** What `noticeTargets` gives: each reminder as a notice shows it, and who hears about it. */
export type NoticeTarget = { item: NoticeItem; recipients: Recipient[] };

/** One notice per person listing every item they hear about, in the targets' order (soonest first). */
export function noticePerPerson(
  kind: 'digest' | 'overdue',
  teamName: string,
  targets: readonly NoticeTarget[],
): Delivery[] {
  const perUser = new Map<number, Delivery>();
  for (const { item, recipients } of targets)
    for (const recipient of recipients) {
      const delivery = perUser.get(recipient.id) ?? { recipient, notice: { kind, teamName, items: [] } };
      delivery.notice.items.push(item);
      perUser.set(recipient.id, delivery);
    }
  return [...perUser.values()];
}

/** One notice per reminder and person: a deadline within the week is mailed on its own. */
export const noticeEach = (teamName: string, targets: readonly NoticeTarget[]): Delivery[] =>
  targets.flatMap(({ item, recipients }) =>
    recipients.map((recipient) => ({
      recipient,
      notice: { kind: 'immediate' as const, teamName, items: [item] },
    })),
  );

export async function deliverNotices(trx: Executor, deliveries: readonly Delivery[], appUrl: string) {
  if (!deliveries.length) return;
  for (const channel of noticeChannels) await channel.deliver(trx, deliveries, appUrl);
}

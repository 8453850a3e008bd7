import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Reminder } from '@storekeep/contracts';
import { daysFromToday, formatDay } from '../../lib/format';

const SUBJECT_PATHS: Record<string, (id: number) => string> = {
  lease: (id) => `/leases/${id}`,
  agreement: (id) => `/agreements/${id}`,
  document: (id) => `/documents?document=${id}`,
  company: (id) => `/companies/${id}`,
  brand: (id) => `/brands/${id}`,
  store: (id) => `/stores/${id}`,
  contact: (id) => `/contacts/${id}`,
};

/** The page of the record a reminder (or a dashboard date) is about. */
export function subjectPath(subject: { type: string; id: number }): string {
  return SUBJECT_PATHS[subject.type]?.(subject.id) ?? '#';
}

export function SubjectLink({ subject }: { subject: Reminder['subject'] }) {
  const { t } = useTranslation();
  if (!subject) return null;
  return (
    <Link to={subjectPath(subject)} className="font-medium text-blue-700 hover:underline dark:text-blue-400">
      <span className="sr-only">{t(`reminders.subjects.${subject.type}`)}: </span>
      {subject.name}
    </Link>
  );
}

/** "May 1, 2027 · in 20 days" / "3 days ago" / "today". */
export function DueDate({ day, done }: { day: string; done?: boolean }) {
  const { t } = useTranslation();
  const days = daysFromToday(day);
  const relative =
    days === 0
      ? t('reminders.today')
      : days > 0
        ? t('reminders.inDays', { count: days })
        : t('reminders.daysAgo', { count: -days });
  const tone = done
    ? 'text-gray-500'
    : days < 0
      ? 'text-red-600 dark:text-red-400'
      : days <= 30
        ? 'text-amber-700 dark:text-amber-400'
        : 'text-gray-600 dark:text-gray-400';
  return (
    <span className="whitespace-nowrap">
      <time dateTime={day} className="font-medium text-gray-900 dark:text-gray-100">
        {formatDay(day)}
      </time>{' '}
      <span className={tone}>· {relative}</span>
    </span>
  );
}

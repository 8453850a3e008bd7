import { useQueries } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentDto } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { Badge } from '../../components/ui';
import { formatDay } from '../../lib/format';
import { DueDate } from '../reminders/display';

type Clause = {
  kind: string;
  text: string;
  date: string | null;
  document_id: number | null;
  page: number | null;
};

export const dash = <span className="text-gray-400">—</span>;
export const dayOrDash = (value: string | null) => (value ? formatDay(value) : dash);
export const orDash = (value: ReactNode) =>
  value === null || value === undefined || value === '' ? dash : value;

/** The clause's document (by id) and page, as a link that opens the document drawer. */
function DocumentRef({ id, page }: { id: number; page: number | null }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/documents?document=${id}`}
      className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline dark:text-blue-400"
    >
      <FileText className="size-4" aria-hidden="true" />
      {t('leaseView.document', { id })}
      {page !== null && (
        <span className="font-normal text-gray-600 dark:text-gray-400">
          , {t('leaseView.pageRef', { page })}
        </span>
      )}
    </Link>
  );
}

/** Clauses of a lease or agreement: kind, optional date, text and the page of a linked document. */
export function ClauseList({
  clauses,
  kindLabel,
}: {
  clauses: Clause[];
  kindLabel: (kind: string) => string;
}) {
  return (
    <ul className="divide-y divide-gray-100 dark:divide-gray-800">
      {clauses.map((clause, index) => (
        <li key={index} className="py-4 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Badge color="blue">{kindLabel(clause.kind)}</Badge>
            {clause.date && (
              <span className="text-gray-600 dark:text-gray-400">{formatDay(clause.date)}</span>
            )}
            {clause.document_id !== null && <DocumentRef id={clause.document_id} page={clause.page} />}
          </div>
          <p className="mt-2 text-sm whitespace-pre-line text-gray-800 dark:text-gray-200">{clause.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Documents the clauses point to, by title; one that is gone or not readable shows by number. */
export function ClauseDocuments({ clauses }: { clauses: Clause[] }) {
  const { t } = useTranslation();
  const ids = [
    ...new Set(clauses.map((clause) => clause.document_id).filter((id): id is number => id !== null)),
  ];
  const documents = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.detail('documents', id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<{ data: DocumentDto }>(`/documents/${id}`, { signal }).then((body) => body.data),
      meta: { silent: true },
      throwOnError: false,
      retry: false,
    })),
  });
  return (
    <ul className="flex flex-col gap-2">
      {ids.map((id, index) => (
        <li key={id}>
          <Link
            to={`/documents?document=${id}`}
            className="inline-flex items-center gap-2 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400"
          >
            <FileText className="size-4" aria-hidden="true" />
            {documents[index]?.data?.title ?? t('leaseView.document', { id })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A deadline with how far away it is ("May 1, 2027 · in 20 days"), or a dash. */
export function Deadline({ day }: { day: string | null }) {
  return day ? <DueDate day={day} /> : dash;
}

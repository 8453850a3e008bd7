import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '../../components/ui';

/** The message of a (possibly nested) field: `rent_schedule.0.end_date`. */
export function fieldError(errors: FieldErrors<FieldValues>, path: string): string | undefined {
  const entry = get(errors, path) as { message?: string } | undefined;
  return entry?.message;
}

type RowsCardProps = {
  id?: string;
  title: string;
  addLabel: string;
  onAdd: () => void;
  empty: string;
  count: number;
  actions?: ReactNode;
  children: ReactNode;
  error?: string;
};

/** A form section of repeatable rows (rent periods, charges, options, clauses) with Add. */
export function RowsCard({
  id,
  title,
  addLabel,
  onAdd,
  empty,
  count,
  actions,
  children,
  error,
}: RowsCardProps) {
  return (
    <Card
      id={id}
      title={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{title}</span>
          <span className="flex gap-2">
            {actions}
            <Button
              size="sm"
              color="white"
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={onAdd}
            >
              {addLabel}
            </Button>
          </span>
        </span>
      }
    >
      {error && <p className="mb-3 text-sm text-red-600">{error}</p>}
      {count === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{empty}</p>
      ) : (
        <div className="flex flex-col gap-4">{children}</div>
      )}
    </Card>
  );
}

/** One row: its fields in a grid and a Remove button. */
export function RowShell({
  index,
  onRemove,
  children,
  columns = 'sm:grid-cols-4',
  footer,
}: {
  index: number;
  onRemove: () => void;
  children: ReactNode;
  columns?: string;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded-md border border-gray-200 p-3 sm:p-4 dark:border-gray-700">
      <legend className="sr-only">{t('leases.rows.row', { index: index + 1 })}</legend>
      <div className="flex items-start gap-2">
        <div className={`grid flex-1 gap-3 ${columns}`}>{children}</div>
        <Button
          size="sm"
          color="transparent"
          className="mt-6 shrink-0 text-red-600"
          icon={<Trash2 className="size-4" aria-hidden="true" />}
          onClick={onRemove}
        >
          <span className="sr-only">{t('leases.rows.remove', { index: index + 1 })}</span>
        </Button>
      </div>
      {footer}
    </fieldset>
  );
}

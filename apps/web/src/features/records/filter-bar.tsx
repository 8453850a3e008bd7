import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from '../../components/ui';

/** The row of filter pickers of a list page, with "Clear all" while anything narrows the list. */
export function FilterBar({
  children,
  filtered,
  onClear,
}: {
  children: ReactNode;
  filtered: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('records.list.filters')}>
      {children}
      {filtered && (
        <Button
          color="transparent"
          size="sm"
          icon={<X className="size-4" aria-hidden="true" />}
          onClick={onClear}
        >
          {t('records.list.clearAll')}
        </Button>
      )}
    </div>
  );
}

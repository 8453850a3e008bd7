import clsx from 'clsx';
import { Link } from 'react-router';
import { Button, buttonClasses } from './button';

type FormActionsProps = {
  submitLabel: string;
  cancelLabel: string;
  saving: boolean;
  className?: string;
} & ({ onCancel: () => void; cancelTo?: never } | { cancelTo: string; onCancel?: never });

/**
 * A form's Cancel and submit buttons: side by side at the right on a desktop, the submit on top on a phone
 * where the thumb reaches first. Cancel closes a dialog (`onCancel`) or goes back to a page (`cancelTo`).
 */
export function FormActions({
  submitLabel,
  cancelLabel,
  saving,
  className,
  onCancel,
  cancelTo,
}: FormActionsProps) {
  return (
    <div className={clsx('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>
      {cancelTo !== undefined ? (
        <Link to={cancelTo} className={buttonClasses('white')}>
          {cancelLabel}
        </Link>
      ) : (
        <Button type="button" color="white" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </div>
  );
}

export type RowAction = {
  label: string;
  /** The accessible name, which says which row: "Edit unit 3", not a column of identical "Edit"s. */
  name: string;
  onClick: () => void;
};

/** A table row's buttons (Edit, Remove…), in a row on a desktop and stacked at the right on a phone. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
      {actions.map((action) => (
        <Button key={action.name} size="sm" color="white" onClick={action.onClick} aria-label={action.name}>
          {action.label}
        </Button>
      ))}
    </div>
  );
}

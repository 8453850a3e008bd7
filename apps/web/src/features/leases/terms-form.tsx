import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button, Card } from '../../components/ui';
import { apiFieldErrors, type FieldMessages } from '../../lib/form-errors';

type TermsFormProps<T> = {
  title: string;
  description?: ReactNode;
  /** The answer's `abilities.update`: without it every field is shown disabled and the note replaces Save. */
  editable: boolean;
  /** A mutation with `meta: { form: true }`, so its 422 lands under the fields and is not toasted as well. */
  save: UseMutationResult<unknown, Error, T>;
  input: () => T;
  saveLabel: string;
  savedMessage: string;
  readOnlyNote: string;
  /** The fields, given the first 422 message of each (keyed by its path, `tiers.0.rate`). */
  children: (errors: FieldMessages) => ReactNode;
};

/**
 * The card every money-terms form of a lease sits in (payment terms, percentage rent, CAM): one place for
 * the read-only reading for observers, the per-field 422 messages and the saved toast.
 */
export function TermsForm<T>({
  title,
  description,
  editable,
  save,
  input,
  saveLabel,
  savedMessage,
  readOnlyNote,
  children,
}: TermsFormProps<T>) {
  const [errors, setErrors] = useState<FieldMessages>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync(input());
      toast.success(savedMessage);
    } catch (error) {
      setErrors(apiFieldErrors(error) ?? {});
    }
  }

  return (
    <Card title={title} description={description}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {/* A disabled fieldset disables every control inside it, nested fieldsets too. */}
        <fieldset disabled={!editable} className="space-y-4">
          {children(errors)}
        </fieldset>
        {editable ? (
          <Button type="submit" loading={save.isPending}>
            {saveLabel}
          </Button>
        ) : (
          <p className="text-sm text-gray-500 dark:text-gray-400">{readOnlyNote}</p>
        )}
      </form>
    </Card>
  );
}

/** A figure of a money tab, with the reading it was computed under beside it. */
export function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="font-medium tabular-nums text-gray-900 dark:text-white">{value}</dd>
      {note && <dd className="text-xs text-gray-500 dark:text-gray-400">{note}</dd>}
    </div>
  );
}

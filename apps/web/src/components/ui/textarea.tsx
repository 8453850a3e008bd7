import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { controlClasses, ErrorIcon, FormField } from './form-field';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
  containerClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({
  label,
  error,
  hint,
  id,
  containerClassName,
  className,
  rows = 4,
  ...rest
}: TextareaProps) {
  const generated = useId();
  return (
    <FormField
      id={id ?? generated}
      label={label}
      error={error}
      hint={hint}
      required={rest.required}
      className={containerClassName}
    >
      {(a11y) => (
        <>
          <textarea rows={rows} className={controlClasses(Boolean(error), className)} {...a11y} {...rest} />
          {error && <ErrorIcon />}
        </>
      )}
    </FormField>
  );
}

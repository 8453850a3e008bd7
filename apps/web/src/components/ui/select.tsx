import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { controlClasses, FormField } from './form-field';

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  options: SelectOption[];
  error?: string;
  hint?: ReactNode;
  id?: string;
  containerClassName?: string;
  /** Visually hide the label (tables) while keeping it for screen readers. */
  hideLabel?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({
  label,
  options,
  error,
  hint,
  id,
  containerClassName,
  hideLabel,
  className,
  ...rest
}: SelectProps) {
  const generated = useId();
  return (
    <FormField
      id={id ?? generated}
      label={hideLabel ? <span className="sr-only">{label}</span> : label}
      error={error}
      hint={hint}
      required={rest.required}
      className={containerClassName}
    >
      {(a11y) => (
        <select className={controlClasses(Boolean(error), className)} {...a11y} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

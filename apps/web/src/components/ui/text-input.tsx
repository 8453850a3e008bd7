import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { controlClasses, ErrorIcon, FormField } from './form-field';

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  labelAside?: ReactNode;
  id?: string;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TextInput({
  label,
  error,
  hint,
  labelAside,
  id,
  containerClassName,
  className,
  type = 'text',
  ...rest
}: TextInputProps) {
  const generated = useId();
  return (
    <FormField
      id={id ?? generated}
      label={label}
      error={error}
      hint={hint}
      labelAside={labelAside}
      required={rest.required}
      className={containerClassName}
    >
      {(a11y) => (
        <>
          <input type={type} className={controlClasses(Boolean(error), className)} {...a11y} {...rest} />
          {error && <ErrorIcon />}
        </>
      )}
    </FormField>
  );
}

export function PasswordInput(props: Omit<TextInputProps, 'type'>) {
  return <TextInput type="password" autoComplete="current-password" {...props} />;
}

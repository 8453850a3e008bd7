import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
};

export function Checkbox({ label, id, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className}>
      <label
        htmlFor={inputId}
        className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-700 sm:min-h-8 dark:text-gray-300"
      >
        <input
          id={inputId}
          type="checkbox"
          className="size-4 rounded border-gray-300 text-blue-600 accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          {...rest}
        />
        {label}
      </label>
    </div>
  );
}

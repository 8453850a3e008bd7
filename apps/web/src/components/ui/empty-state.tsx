import type { ReactNode } from 'react';

type EmptyStateProps = { icon?: ReactNode; title: ReactNode; text?: ReactNode; action?: ReactNode };

export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-lg border-2 border-dashed border-gray-300 px-6 py-12 text-center dark:border-gray-700">
      {icon && <div className="mb-3 text-gray-400 [&>svg]:size-10">{icon}</div>}
      <h3 className="text-base font-semibold text-gray-900 dark:text-white">{title}</h3>
      {text && <p className="mt-1 max-w-md text-sm text-gray-600 dark:text-gray-400">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

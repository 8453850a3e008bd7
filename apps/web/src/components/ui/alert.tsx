import clsx from 'clsx';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type AlertType = 'warning' | 'error' | 'success';

const styles: Record<AlertType, { box: string; icon: ReactNode }> = {
  warning: {
    box: 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-900',
    icon: <TriangleAlert className="size-5 shrink-0 text-amber-500" aria-hidden="true" />,
  },
  error: {
    box: 'bg-red-50 text-red-900 ring-red-200 dark:bg-red-950/60 dark:text-red-100 dark:ring-red-900',
    icon: <CircleX className="size-5 shrink-0 text-red-500" aria-hidden="true" />,
  },
  success: {
    box: 'bg-emerald-50 text-emerald-900 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-100 dark:ring-emerald-900',
    icon: <CircleCheck className="size-5 shrink-0 text-emerald-500" aria-hidden="true" />,
  },
};

type AlertProps = {
  type: AlertType;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
};

export function Alert({ type, title, children, action, className }: AlertProps) {
  const style = styles[type];
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      className={clsx('flex gap-3 rounded-md p-4 text-sm ring-1 ring-inset', style.box, className)}
    >
      {style.icon}
      <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div>
          {title && <p className="font-semibold">{title}</p>}
          {children && <div className={clsx(title && 'mt-1')}>{children}</div>}
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
    </div>
  );
}

import clsx from 'clsx';
import { initials } from '../../lib/initials';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' };

type AvatarProps = { name: string; image?: string | null; size?: keyof typeof sizes; className?: string };

export function Avatar({ name, image, size = 'sm', className }: AvatarProps) {
  if (image) return <img src={image} alt="" className={clsx('rounded-full object-cover', sizes[size], className)} />;
  return (
    <span
      aria-hidden="true"
      className={clsx('inline-flex shrink-0 items-center justify-center rounded-full bg-blue-600 font-semibold text-white dark:bg-blue-500', sizes[size], className)}
    >
      {initials(name)}
    </span>
  );
}

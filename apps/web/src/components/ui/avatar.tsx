import clsx from 'clsx';
import { initials } from '../../lib/initials';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg', xl: 'size-20 text-2xl' };

type AvatarProps = {
  name: string;
  image?: string | null;
  size?: keyof typeof sizes;
  className?: string;
  /** Rounded square (companies, brands, stores) instead of a circle (people). */ square?: boolean;
};

export function Avatar({ name, image, size = 'sm', className, square }: AvatarProps) {
  const shape = square ? 'rounded-md' : 'rounded-full';
  if (image)
    return (
      <img src={image} alt="" className={clsx('shrink-0 object-cover', shape, sizes[size], className)} />
    );
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-flex shrink-0 items-center justify-center bg-blue-600 font-semibold text-white dark:bg-blue-600',
        shape,
        sizes[size],
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompanyKind, RecordRef, RecordType, StoreStatus } from '@storekeep/contracts';
import { Avatar, Badge, type BadgeColor } from '../../components/ui';
import { formatPhone, phoneHref } from '../../lib/format-phone';
import { opensRecordPage } from '../auth/record-pages';
import { useAuthUser } from '../auth/use-auth-user';
import { recordPath } from './types';

const statusColors: Record<StoreStatus, BadgeColor> = {
  planned: 'gray',
  in_development: 'yellow',
  open: 'green',
  temporarily_closed: 'yellow',
  closed: 'red',
};

export function StatusBadge({ status }: { status: StoreStatus }) {
  const { t } = useTranslation();
  return <Badge color={statusColors[status]}>{t(`records.statuses.${status}`)}</Badge>;
}

export function KindBadge({ kind }: { kind: CompanyKind }) {
  const { t } = useTranslation();
  return <Badge color={kind === 'franchisor' ? 'blue' : 'gray'}>{t(`records.kinds.${kind}`)}</Badge>;
}

type RecordAvatarProps = {
  type: RecordType;
  name: string;
  image: { thumb_url: string; display_url: string } | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
};

export function RecordAvatar({ type, name, image, size = 'sm' }: RecordAvatarProps) {
  return (
    <Avatar
      name={name || '?'}
      image={size === 'xl' || size === 'lg' ? image?.display_url : image?.thumb_url}
      size={size}
      square={type !== 'contacts'}
    />
  );
}

/** A related record as a link (`store.brand` → /brands/3), or a dash. */
export function RefLink({ type, value }: { type: RecordType; value: RecordRef }) {
  const { data: user } = useAuthUser();
  if (!value) return <span className="text-gray-400">—</span>;
  // A franchisee's member opens their own records only: another's name is shown, not linked to a refused page.
  if (user && !opensRecordPage(user, type))
    return <span className="text-gray-900 dark:text-white">{value.name}</span>;
  return (
    <Link
      to={recordPath(type, value.id)}
      className="font-medium text-blue-700 hover:underline dark:text-blue-400"
    >
      {value.name}
    </Link>
  );
}

export function PhoneLink({ value }: { value: string | null }) {
  if (!value) return <span className="text-gray-400">—</span>;
  return (
    <a href={phoneHref(value)} className="whitespace-nowrap text-gray-700 hover:underline dark:text-gray-300">
      {formatPhone(value)}
    </a>
  );
}

export function cityLine(record: { city: string | null; region: string | null }): string {
  return [record.city, record.region].filter(Boolean).join(', ');
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Brand, Company, Contact, RecordType, Store } from '@storekeep/contracts';
import { Card, RelativeTime } from '../../components/ui';
import { formatCount, formatDay } from '../../lib/format';
import { AttributeFacts } from '../attributes/attribute-facts';
import { KindBadge, PhoneLink, RefLink, StatusBadge } from './display';
import type { AnyRecord } from './types';
import { httpUrl } from '../../lib/safe-url';

export type Row = [label: string, value: ReactNode];

/** Label/value pairs in two columns; an empty value shows a dash. */
export function Facts({ rows }: { rows: Row[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm font-medium text-gray-500 dark:text-gray-400">{label}</dt>
          <dd className="mt-1 text-sm break-words text-gray-900 dark:text-gray-100">
            {value === null || value === undefined || value === '' ? (
              <span className="text-gray-400">—</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function address(record: {
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
}) {
  const lines = [
    record.address_line1,
    record.address_line2,
    [record.city, [record.region, record.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    record.country,
  ].filter(Boolean);
  if (!lines.length) return null;
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

const email = (value: string | null) =>
  value ? (
    <a href={`mailto:${value}`} className="text-blue-700 hover:underline dark:text-blue-400">
      {value}
    </a>
  ) : null;
const website = (value: string | null) => {
  if (!value) return null;
  const href = httpUrl(value);
  if (!href) return value;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-blue-700 hover:underline dark:text-blue-400"
    >
      {value.replace(/^https?:\/\//, '')}
    </a>
  );
};
const phone = (value: string | null) => (value ? <PhoneLink value={value} /> : null);

/** The overview tab: every field of the record, with related records as links. */
export function Overview({ type, record }: { type: RecordType; record: AnyRecord }) {
  const { t } = useTranslation();
  const f = (field: string) => t(`records.fields.${field}`);
  let rows: Row[];
  let text: { label: string; value: string | null } | null = null;
  if (type === 'companies') {
    const c = record as Company;
    rows = [
      [f('legal_name'), c.legal_name],
      [f('kind'), <KindBadge key="k" kind={c.kind} />],
      [f('tax_id'), c.tax_id],
      [f('email'), email(c.email)],
      [f('phone'), phone(c.phone)],
      [f('website'), website(c.website)],
      [f('address'), address(c)],
    ];
    text = { label: f('description'), value: c.description };
  } else if (type === 'brands') {
    const b = record as Brand;
    rows = [
      [f('company'), <RefLink key="c" type="companies" value={b.company} />],
      [f('website'), website(b.website)],
    ];
    text = { label: f('description'), value: b.description };
  } else if (type === 'stores') {
    const s = record as Store;
    rows = [
      [f('store_number'), s.store_number],
      [f('status'), <StatusBadge key="s" status={s.status} />],
      [f('brand'), <RefLink key="b" type="brands" value={s.brand} />],
      [f('operating_company'), <RefLink key="c" type="companies" value={s.company} />],
      [f('manager'), <RefLink key="m" type="contacts" value={s.manager} />],
      [f('opening_date'), formatDay(s.opening_date)],
      [f('closing_date'), formatDay(s.closing_date)],
      [f('phone'), phone(s.phone)],
      [f('email'), email(s.email)],
      [f('square_feet'), s.square_feet === null ? null : formatCount(s.square_feet)],
      [f('address'), address(s)],
      [
        f('coordinates'),
        s.latitude !== null && s.longitude !== null ? `${s.latitude}, ${s.longitude}` : null,
      ],
    ];
  } else {
    const c = record as Contact;
    rows = [
      [f('first_name'), c.first_name],
      [f('last_name'), c.last_name],
      [f('company'), <RefLink key="c" type="companies" value={c.company} />],
      [f('job_title'), c.job_title],
      [f('email'), email(c.email)],
      [f('phone'), phone(c.phone)],
      [f('mobile'), phone(c.mobile)],
      [f('address'), address(c)],
    ];
    text = { label: f('notes'), value: c.notes };
  }
  rows.push(
    [f('created_at'), <RelativeTime key="created" value={record.created_at} />],
    [f('updated_at'), <RelativeTime key="updated" value={record.updated_at} />],
  );
  return (
    <div className="flex flex-col gap-6">
      <Card title={t('records.tabs.overview')}>
        <Facts rows={rows} />
      </Card>
      <AttributeFacts subject={type} values={record.attributes} />
      {text?.value && (
        <Card title={text.label}>
          <p className="text-sm whitespace-pre-wrap text-gray-700 dark:text-gray-300">{text.value}</p>
        </Card>
      )}
    </div>
  );
}

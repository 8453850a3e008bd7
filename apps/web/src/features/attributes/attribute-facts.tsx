import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attribute, AttributeSubject, AttributeValue } from '@storekeep/contracts';
import { Badge, Card } from '../../components/ui';
import { formatDay } from '../../lib/format';
import { can } from '../auth/permissions';
import { useRequiredUser } from '../auth/use-auth-user';
import { useAttributes } from './queries';
import { httpUrl } from '../../lib/safe-url';

/** One attribute value for reading: links for URLs and e-mails, badges for options, Yes/No, dates. */
export function AttributeValueView({
  definition,
  value,
}: {
  definition: Attribute;
  value: AttributeValue | undefined;
}): ReactNode {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length))
    return null;
  switch (definition.type) {
    case 'multi_select':
      return (
        <span className="flex flex-wrap gap-1">
          {(value as string[]).map((v) => (
            <Badge key={v} color="blue">
              {v}
            </Badge>
          ))}
        </span>
      );
    case 'select':
      return <Badge color="blue">{String(value)}</Badge>;
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'date':
      return formatDay(String(value));
    case 'money':
      return Number(value).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    case 'url': {
      const href = httpUrl(String(value));
      if (!href) return String(value);
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-blue-700 hover:underline dark:text-blue-400"
        >
          {String(value).replace(/^https?:\/\//, '')}
        </a>
      );
    }
    case 'email':
      return (
        <a href={`mailto:${String(value)}`} className="text-blue-700 hover:underline dark:text-blue-400">
          {String(value)}
        </a>
      );
    case 'long_text':
      return <span className="whitespace-pre-wrap">{String(value)}</span>;
    default:
      return String(value);
  }
}

/** The detail page's panel of the team's own fields (only when the type has any). */
export function AttributeFacts({
  subject,
  values,
}: {
  subject: AttributeSubject;
  values: Record<string, AttributeValue> | undefined;
}) {
  const { t } = useTranslation();
  // The team's own fields are the franchisor's schema: a franchisee's member is not shown them.
  const attributes = useAttributes(subject, false, can(useRequiredUser(), 'team.browse'));
  if (!attributes.data?.length) return null;
  return (
    <Card title={t('attributes.formTitle')}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {attributes.data.map((d) => {
          const shown = <AttributeValueView definition={d} value={values?.[d.key]} />;
          return (
            <div key={d.id} className={d.type === 'long_text' ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
              <dt className="text-sm font-medium text-gray-500 dark:text-gray-400">{d.label}</dt>
              <dd className="mt-1 text-sm break-words text-gray-900 dark:text-gray-100">
                {(values?.[d.key] ?? null) === null ||
                (Array.isArray(values?.[d.key]) && !(values?.[d.key] as string[]).length) ? (
                  <span className="text-gray-400">—</span>
                ) : (
                  shown
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}

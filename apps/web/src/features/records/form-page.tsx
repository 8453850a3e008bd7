import { useParams } from 'react-router';
import type { Attribute, Company, Contact, RecordType, Store } from '@storekeep/contracts';
import { Skeleton } from '../../components/ui';
import { CompanyForm, ContactForm, StoreForm } from './forms';
import { useAttributes } from '../attributes/queries';
import { useRecord } from './queries';

type FormType = Exclude<RecordType, 'brands'>;

function FormFor({
  type,
  record,
  attributes,
}: {
  type: FormType;
  record?: unknown;
  attributes: Attribute[];
}) {
  if (type === 'companies')
    return <CompanyForm record={record as Company | undefined} attributes={attributes} />;
  if (type === 'stores') return <StoreForm record={record as Store | undefined} attributes={attributes} />;
  return <ContactForm record={record as Contact | undefined} attributes={attributes} />;
}

function FormSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <Skeleton className="h-8 w-72 max-w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

/** The form waits for the team's attributes: its schema and fields are built from them. */
export function RecordCreatePage({ type }: { type: FormType }) {
  const attributes = useAttributes(type);
  if (!attributes.data) return <FormSkeleton />;
  return <FormFor type={type} attributes={attributes.data} />;
}

/** /{type}/:id/edit: the form once the record has loaded (a 404 shows the not-found page). */
export function RecordEditPage({ type }: { type: FormType }) {
  const id = Number(useParams().id);
  const record = useRecord(type, id);
  const attributes = useAttributes(type);
  if (!record.data || !attributes.data) return <FormSkeleton />;
  return <FormFor key={record.data.id} type={type} record={record.data} attributes={attributes.data} />;
}

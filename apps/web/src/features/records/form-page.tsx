import { useParams } from 'react-router';
import type { Company, Contact, RecordType, Store } from '@storekeep/contracts';
import { Skeleton } from '../../components/ui';
import { CompanyForm, ContactForm, StoreForm } from './forms';
import { useRecord } from './queries';

type FormType = Exclude<RecordType, 'brands'>;

function FormFor({ type, record }: { type: FormType; record?: unknown }) {
  if (type === 'companies') return <CompanyForm record={record as Company | undefined} />;
  if (type === 'stores') return <StoreForm record={record as Store | undefined} />;
  return <ContactForm record={record as Contact | undefined} />;
}

export function RecordCreatePage({ type }: { type: FormType }) {
  return <FormFor type={type} />;
}

/** /{type}/:id/edit: the form once the record has loaded (a 404 shows the not-found page). */
export function RecordEditPage({ type }: { type: FormType }) {
  const id = Number(useParams().id);
  const record = useRecord(type, id);
  if (!record.data)
    return (
      <div aria-busy="true" className="flex flex-col gap-6">
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  return <FormFor key={record.data.id} type={type} record={record.data} />;
}

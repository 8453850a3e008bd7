import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AGREEMENT_STATUSES, AGREEMENT_TYPES, type AgreementListItem } from '@storekeep/contracts';
import { FilterPicker, Skeleton } from '../components/ui';
import { AgreementFacts, AgreementSections, agreementTitle } from '../features/agreements/agreement-detail';
import { AgreementForm } from '../features/agreements/agreement-form';
import { DetailShell, DetailSkeleton } from '../features/leases/detail-shell';
import { useAgreementColumns } from '../features/leases/columns';
import { useResource } from '../features/leases/queries';
import { ResourceListPage } from '../features/leases/resource-list-page';
import { IdFilter, usePickerLabels } from '../features/records/list-filters';
import { useRecord } from '../features/records/queries';
import { SubjectReminders } from './leases';

const FILTERS = ['status', 'type', 'brand_id', 'franchisee_id', 'store_id', 'company_id'] as const;
const SORTS = ['expiration_date', 'agreement_number', 'status', 'created_at', 'updated_at'] as const;

export function List() {
  const { t } = useTranslation();
  const labels = usePickerLabels();
  return (
    <ResourceListPage<AgreementListItem>
      resource="agreements"
      title={t('agreements.title')}
      createLabel={t('agreements.create')}
      searchPlaceholder={t('agreements.searchPlaceholder')}
      emptyTitle={t('agreements.empty')}
      emptyText={t('agreements.emptyText')}
      noMatches={t('agreements.noMatches')}
      filterFields={FILTERS}
      sorts={SORTS}
      columns={useAgreementColumns()}
      renderFilters={(filters, onChange) => (
        <>
          <FilterPicker
            label={t('agreements.fields.status')}
            options={AGREEMENT_STATUSES.map((value) => ({ value, label: t(`agreements.statuses.${value}`) }))}
            selected={filters.status ?? []}
            onChange={(v) => onChange('status', v)}
            labels={labels}
          />
          <FilterPicker
            label={t('agreements.fields.type')}
            options={AGREEMENT_TYPES.map((value) => ({ value, label: t(`agreements.types.${value}`) }))}
            selected={filters.type ?? []}
            onChange={(v) => onChange('type', v)}
            labels={labels}
          />
          <IdFilter
            field="brand_id"
            label={t('agreements.fields.brand')}
            selected={filters.brand_id ?? []}
            onChange={(v) => onChange('brand_id', v)}
          />
          <IdFilter
            field="store_id"
            label={t('leases.fields.store')}
            selected={filters.store_id ?? []}
            onChange={(v) => onChange('store_id', v)}
          />
        </>
      )}
    />
  );
}

export function Create() {
  const [params] = useSearchParams();
  const brandId = Number(params.get('brand_id')) || 0;
  const storeId = Number(params.get('store_id')) || 0;
  const brand = useRecord('brands', brandId, brandId > 0);
  const store = useRecord('stores', storeId, storeId > 0);
  if ((brandId > 0 && !brand.data) || (storeId > 0 && !store.data))
    return <Skeleton className="h-96 w-full" />;
  return (
    <AgreementForm
      preset={{
        brand: brand.data ? { id: brand.data.id, name: brand.data.name } : (store.data?.brand ?? undefined),
        store: store.data ? { id: store.data.id, name: store.data.name } : undefined,
      }}
    />
  );
}

export function Edit() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const agreement = useResource('agreements', id);
  if (!agreement.data) return <Skeleton className="h-96 w-full" />;
  return (
    <>
      <AgreementForm key={agreement.data.updated_at} agreement={agreement.data} />
      <div className="mt-10">
        <SubjectReminders type="agreement" id={agreement.data.id} title={t('reminders.forAgreement')} />
      </div>
    </>
  );
}

/** /agreements/:id: the read-only agreement for every role; Edit and Delete as its abilities allow. */
export function Detail() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [gone, setGone] = useState(false);
  const agreement = useResource('agreements', id, !gone);
  if (!agreement.data) return <DetailSkeleton />;
  const data = agreement.data;
  const title = agreementTitle(data);
  return (
    <DetailShell
      resource="agreements"
      id={data.id}
      section={t('agreements.title')}
      title={data.brand ? `${data.brand.name} · ${title}` : title}
      facts={<AgreementFacts agreement={data} />}
      abilities={data.abilities}
      onGone={() => setGone(true)}
    >
      <AgreementSections agreement={data} />
      <SubjectReminders type="agreement" id={data.id} title={t('reminders.forAgreement')} />
    </DetailShell>
  );
}

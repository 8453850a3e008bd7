import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader, TabNav } from '../components/ui';
import { AttributesPanel } from '../features/attributes/attributes-panel';
import { EDITABLE_SUBJECTS } from '../features/attributes/subjects';

/** /account/attributes (admin only, see router): the team's own fields per record type. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('type');
  const subject = EDITABLE_SUBJECTS.find((s) => s === requested) ?? 'stores';
  return (
    <>
      <PageHeader title={t('attributes.title')} description={t('attributes.description')} />
      <div className="mb-6">
        <TabNav
          label={t('attributes.typesLabel')}
          current={subject}
          tabs={EDITABLE_SUBJECTS.map((s) => ({
            key: s,
            label: t(`attributes.subjects.${s}`),
            to: `/account/attributes?type=${s}`,
          }))}
        />
      </div>
      <AttributesPanel key={subject} subject={subject} />
    </>
  );
}

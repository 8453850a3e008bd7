import { Archive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../api/client';
import { buttonClasses, Card } from '../../components/ui';

/** Admins download the whole team (every table as CSV plus the document files) as one ZIP. */
export function TeamExportCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('team.export.title')} description={t('team.export.text')}>
      <a href={apiUrl('/team-export')} download className={buttonClasses('white')}>
        <Archive className="size-4" aria-hidden="true" />
        {t('team.export.download')}
      </a>
    </Card>
  );
}

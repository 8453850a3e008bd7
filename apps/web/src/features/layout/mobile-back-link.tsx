import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** On mobile a back link appears when there is browser history to go back to (spec §2). */
export function MobileBackLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (typeof window === 'undefined' || window.history.length <= 1) return null;
  return (
    <button
      type="button"
      onClick={() => navigate(-1)}
      className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-gray-600 hover:text-gray-900 lg:hidden dark:text-gray-400 dark:hover:text-white"
    >
      <ChevronLeft className="size-4" aria-hidden="true" />
      {t('app.back')}
    </button>
  );
}

import { useTranslation } from 'react-i18next';
import { SlideOver } from '../../components/ui';
import { Logo } from './logo';
import { SidebarNav } from './sidebar-nav';

type MobileNavProps = { open: boolean; onClose: () => void; notifications: number; wholeTeam: boolean };

/**
 * The navigation drawer of small screens. Its own chunk (with Headless UI's dialog), loaded when first
 * opened, so the first load stays within its 150 KB budget.
 */
export default function MobileNav({ open, onClose, notifications, wholeTeam }: MobileNavProps) {
  const { t } = useTranslation();
  return (
    <SlideOver
      open={open}
      onClose={onClose}
      title={t('nav.mainNavigation')}
      closeLabel={t('nav.closeSidebar')}
      side="left"
      hideTitle
      headerContent={<Logo to="/dashboard" />}
    >
      <div className="px-4 py-4">
        <SidebarNav notifications={notifications} wholeTeam={wholeTeam} onNavigate={onClose} />
      </div>
    </SlideOver>
  );
}

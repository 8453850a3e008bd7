import { Outlet } from 'react-router';
import { MarketingFooter } from './marketing-footer';
import { MarketingNavbar } from './marketing-navbar';

export function MarketingLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white dark:bg-gray-950">
      <MarketingNavbar />
      <main className="flex-1">
        <Outlet />
      </main>
      <MarketingFooter />
    </div>
  );
}

import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui';

const upcoming = [
  { store: 'Riverside Plaza #112', event: 'Renewal notice due', when: 'in 12 days', tone: 'bg-amber-500' },
  { store: 'Harbor Mall #27', event: 'Lease expires', when: 'in 45 days', tone: 'bg-red-500' },
  { store: 'Elm Street #08', event: 'Franchise term ends', when: 'in 3 months', tone: 'bg-blue-500' },
];

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:items-center lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-700 ring-1 ring-blue-600/20 dark:bg-blue-950 dark:text-blue-300">
            <CalendarClock className="size-4" aria-hidden="true" /> Lease and franchise administration
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl dark:text-white">
            Never miss a lease or franchise critical date again.
          </h1>
          <p className="mt-6 text-lg text-pretty text-gray-600 dark:text-gray-300">
            Storekeep keeps your companies, brands, stores, contacts and contracts in one place, and reminds
            your team before every renewal notice, option window and expiration — so a missed deadline never
            costs you a location.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('blue', 'lg')}>
              {t('marketing.getStarted')}
            </Link>
            <a href="#demo" className={buttonClasses('white', 'lg')}>
              {t('marketing.tryDemo')}
            </a>
          </div>
        </div>
        <div className="rounded-2xl bg-gray-50 p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6 dark:bg-gray-900 dark:ring-white/10">
          <p className="text-sm font-semibold text-gray-900 dark:text-white">Upcoming critical dates</p>
          <ul className="mt-4 flex flex-col gap-3">
            {upcoming.map((item) => (
              <li
                key={item.store}
                className="flex items-center gap-3 rounded-lg bg-white p-3 ring-1 ring-gray-900/5 dark:bg-gray-950 dark:ring-white/10"
              >
                <span className={`size-2.5 shrink-0 rounded-full ${item.tone}`} aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{item.store}</p>
                  <p className="text-xs text-gray-500 dark:text-gray-400">{item.event}</p>
                </div>
                <span className="shrink-0 text-xs font-medium text-gray-600 dark:text-gray-300">
                  {item.when}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

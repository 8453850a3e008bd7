import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppleIcon, GitHubIcon, GooglePlayIcon, LinkedInIcon, XIcon } from './social-icons';

function StoreBadge({
  href,
  icon,
  kicker,
  name,
  label,
}: {
  href: string;
  icon: ReactNode;
  kicker: string;
  name: string;
  label: string;
}) {
  return (
    <a
      href={href}
      title={label}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-gray-900 px-3 py-1.5 text-white ring-1 ring-gray-700 hover:bg-gray-800 dark:bg-black"
    >
      {icon}
      <span className="flex flex-col leading-tight">
        {/* The link's name is its visible text (WCAG 2.5.3); the space keeps the two lines apart when read. */}
        <span className="text-[10px] uppercase">{kicker}</span>{' '}
        <span className="text-sm font-semibold">{name}</span>
      </span>
    </a>
  );
}

export function MarketingFooter() {
  const { t } = useTranslation();
  const social = [
    {
      href: 'https://www.linkedin.com/company/storekeep',
      label: t('marketing.linkedin'),
      Icon: LinkedInIcon,
    },
    { href: 'https://x.com/storekeep', label: t('marketing.x'), Icon: XIcon },
    { href: 'https://github.com/storekeep', label: t('marketing.github'), Icon: GitHubIcon },
  ];
  return (
    <footer className="border-t border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-950">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <nav aria-label="Legal" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link
              to="/privacy-policy"
              className="inline-flex min-h-11 items-center text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white"
            >
              {t('marketing.privacy')}
            </Link>
            <Link
              to="/terms-of-service"
              className="inline-flex min-h-11 items-center text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white"
            >
              {t('marketing.terms')}
            </Link>
            <Link
              to="/security"
              className="inline-flex min-h-11 items-center text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white"
            >
              {t('marketing.security')}
            </Link>
          </nav>
          <div className="flex flex-wrap gap-3">
            <StoreBadge
              href="https://apps.apple.com/app/storekeep"
              icon={<AppleIcon className="size-6" />}
              kicker="Download on the"
              name="App Store"
              label={t('marketing.appStore')}
            />
            <StoreBadge
              href="https://play.google.com/store/apps/details?id=com.storekeep.app"
              icon={<GooglePlayIcon className="size-5" />}
              kicker="Get it on"
              name="Google Play"
              label={t('marketing.googlePlay')}
            />
          </div>
        </div>
        <div className="flex flex-col-reverse gap-4 border-t border-gray-100 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-gray-900">
          <p className="text-sm text-gray-500 dark:text-gray-400">{t('marketing.copyright')}</p>
          <div className="flex gap-2">
            {social.map(({ href, label, Icon }) => (
              <a
                key={href}
                href={href}
                aria-label={label}
                target="_blank"
                rel="noreferrer"
                className="inline-flex size-11 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:hover:bg-gray-800 dark:hover:text-white"
              >
                <Icon className="size-5" />
              </a>
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}

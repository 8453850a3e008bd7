import { BellRing, Building2, FileText, MapPin, ShieldCheck, Smartphone } from 'lucide-react';

const features = [
  {
    icon: BellRing,
    title: 'Critical date reminders',
    text: 'Renewal notices, option windows, rent reviews and expirations land in your inbox and on your phone well before they are due.',
  },
  {
    icon: Building2,
    title: 'Companies, brands and stores',
    text: 'Model franchisors, franchisees, landlords and every location with their relationships, not in scattered spreadsheets.',
  },
  {
    icon: FileText,
    title: 'Documents where they belong',
    text: 'Attach signed leases, franchise agreements, amendments and certificates to the record they concern, with notes.',
  },
  {
    icon: MapPin,
    title: 'Portfolio at a glance',
    text: 'See locations, monthly expenditure and what is nearing expiration or renewal notice from one dashboard.',
  },
  {
    icon: ShieldCheck,
    title: 'Roles and audit logs',
    text: 'Observers read, managers edit, admins run the team — and every change is recorded with who, what and when.',
  },
  {
    icon: Smartphone,
    title: 'On the go',
    text: 'Install the app on iOS or Android and get push notifications for the dates that matter to you.',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-16 bg-gray-50 py-16 sm:py-24 dark:bg-gray-900/40">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 className="text-base font-semibold text-blue-600 dark:text-blue-400">Features</h2>
          <p className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">
            Everything your real estate and franchise team tracks
          </p>
        </div>
        <dl className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <div
              key={title}
              className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-950 dark:ring-white/10"
            >
              <dt className="flex items-center gap-3 text-base font-semibold text-gray-900 dark:text-white">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-blue-600 text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {title}
              </dt>
              <dd className="mt-3 text-sm text-gray-600 dark:text-gray-400">{text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

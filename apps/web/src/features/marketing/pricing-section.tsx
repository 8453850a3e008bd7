import clsx from 'clsx';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui';

const plans = [
  {
    name: 'Starter',
    price: '$29',
    text: 'For a single operator getting organised.',
    features: ['Up to 10 stores', '3 team members', 'E-mail reminders', 'Document storage'],
    featured: false,
  },
  {
    name: 'Business',
    price: '$99',
    text: 'For growing franchise and retail portfolios.',
    features: [
      'Up to 100 stores',
      'Unlimited team members',
      'E-mail and push reminders',
      'Imports and audit logs',
    ],
    featured: true,
  },
  {
    name: 'Enterprise',
    price: '$299',
    text: 'For large networks with many stakeholders.',
    features: ['Unlimited stores', 'Custom attributes', 'Priority support', 'Single sign-on on request'],
    featured: false,
  },
];

export function PricingSection() {
  return (
    <section id="pricing" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-base font-semibold text-blue-600 dark:text-blue-400">Pricing</h2>
          <p className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">
            Simple plans, billed monthly in USD
          </p>
          <p className="mt-4 text-gray-600 dark:text-gray-400">
            Every plan starts with a 14-day free trial. Cancel at any time.
          </p>
        </div>
        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {plans.map((plan) => (
            <div
              key={plan.name}
              className={clsx(
                'flex flex-col rounded-2xl p-6 ring-1 sm:p-8',
                plan.featured
                  ? 'bg-gray-900 text-white ring-gray-900 dark:bg-blue-950 dark:ring-blue-800'
                  : 'bg-white ring-gray-200 dark:bg-gray-900 dark:ring-gray-800',
              )}
            >
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p
                className={clsx(
                  'mt-2 text-sm',
                  plan.featured ? 'text-gray-300' : 'text-gray-600 dark:text-gray-400',
                )}
              >
                {plan.text}
              </p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
                <span
                  className={clsx(
                    'text-sm',
                    plan.featured ? 'text-gray-300' : 'text-gray-500 dark:text-gray-400',
                  )}
                >
                  /month
                </span>
              </p>
              <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check
                      className={clsx('size-5 shrink-0', plan.featured ? 'text-blue-300' : 'text-blue-600')}
                      aria-hidden="true"
                    />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to="/register"
                className={buttonClasses(plan.featured ? 'blue' : 'white', 'md', 'mt-8 w-full')}
              >
                Start free trial<span className="sr-only"> of {plan.name}</span>
              </Link>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

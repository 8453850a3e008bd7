/**
 * The product as it is: pictures of the demo portfolio taken by the end-to-end suite
 * (e2e/tests/marketing-shots.spec.ts; `npm run screenshots:marketing` refreshes them). Below the fold, so
 * they load lazily and never delay the hero.
 */
const shots = [
  {
    src: '/screenshots/dashboard.jpg',
    width: 1440,
    height: 900,
    title: 'The whole portfolio on one page',
    text: 'Annual rent, charges and fees, locations, what expires or needs a renewal notice soon, and every missed deadline in red.',
  },
  {
    src: '/screenshots/leases.jpg',
    width: 1440,
    height: 900,
    title: 'Every lease, sorted by what comes first',
    text: 'Expirations, rent and the next option deadline side by side; filter, sort and export to CSV or Excel.',
  },
] as const;

const phone = { src: '/screenshots/reminders-phone.jpg', width: 390, height: 844 } as const;

export function ProductShots() {
  return (
    <section aria-labelledby="product-shots" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-base font-semibold text-blue-600 dark:text-blue-400">The product</p>
          <h2
            id="product-shots"
            className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white"
          >
            What your team sees on Monday morning
          </h2>
        </div>
        <div className="mt-12 grid gap-12">
          {shots.map((shot) => (
            <figure key={shot.src}>
              <img
                src={shot.src}
                width={shot.width}
                height={shot.height}
                loading="lazy"
                decoding="async"
                alt={`Storekeep: ${shot.title.toLowerCase()}`}
                className="h-auto w-full rounded-xl shadow-xl ring-1 ring-gray-900/10 dark:ring-white/10"
              />
              <figcaption className="mt-4">
                <span className="font-semibold text-gray-900 dark:text-white">{shot.title}.</span>{' '}
                <span className="text-gray-600 dark:text-gray-400">{shot.text}</span>
              </figcaption>
            </figure>
          ))}
          <figure className="flex flex-col items-center gap-8 sm:flex-row">
            <img
              src={phone.src}
              width={phone.width}
              height={phone.height}
              loading="lazy"
              decoding="async"
              alt="Storekeep on a phone: the notifications inbox with overdue deadlines"
              className="h-auto w-64 rounded-3xl shadow-xl ring-1 ring-gray-900/10 dark:ring-white/10"
            />
            <figcaption className="max-w-md">
              <span className="font-semibold text-gray-900 dark:text-white">
                On the phone, where the dates find you.
              </span>{' '}
              <span className="text-gray-600 dark:text-gray-400">
                Install it from the browser; push notifications arrive before each notice date, and a deadline
                is completed, snoozed or assigned with one tap.
              </span>
            </figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}

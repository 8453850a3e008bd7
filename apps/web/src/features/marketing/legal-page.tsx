import type { ReactNode } from 'react';

export type LegalSection = { heading: string; body: ReactNode };

export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">{title}</h1>
      <p className="mt-2 text-sm text-gray-500">Last updated {updated}</p>
      <div className="mt-6 text-base text-gray-700 dark:text-gray-300">{intro}</div>
      {sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{section.heading}</h2>
          <div className="mt-3 flex flex-col gap-3 text-base text-gray-700 dark:text-gray-300">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}

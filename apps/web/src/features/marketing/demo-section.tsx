import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { useDemoLogin } from '../auth/use-demo-login';

export function DemoSection() {
  const { t } = useTranslation();
  const demo = useDemoLogin();
  return (
    <section id="demo" className="scroll-mt-16 bg-blue-600 py-16 sm:py-20 dark:bg-blue-900">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 text-center sm:px-6 lg:px-8">
        <h2 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          See it with real-looking data
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-white">
          Explore a demo portfolio of stores, leases and franchise agreements with upcoming critical dates. No
          sign-up needed; the demo resets regularly.
        </p>
        <Button color="white" size="lg" className="mt-8" loading={demo.isPending} onClick={demo.start}>
          {t('marketing.tryDemo')}
        </Button>
      </div>
    </section>
  );
}

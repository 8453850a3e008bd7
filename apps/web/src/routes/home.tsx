import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DemoSection } from '../features/marketing/demo-section';
import { FeaturesSection } from '../features/marketing/features-section';
import { Hero } from '../features/marketing/hero';
import { PricingSection } from '../features/marketing/pricing-section';
import { ProductShots } from '../features/marketing/product-shots';

export function Component() {
  const { hash } = useLocation();
  // The route loads lazily, so the browser's own jump to #demo / #pricing happens before the section exists.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <Hero />
      <ProductShots />
      <FeaturesSection />
      <PricingSection />
      <DemoSection />
    </>
  );
}

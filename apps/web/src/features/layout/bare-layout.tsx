import type { ReactNode } from 'react';

/** The bare layout of spec §2, used by the error pages: no navigation that could itself fail. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-16 sm:px-6">
      {children}
    </div>
  );
}

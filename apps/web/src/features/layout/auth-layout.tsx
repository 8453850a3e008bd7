import { Outlet } from 'react-router';
import { Logo } from './logo';

/** Login, register, password reset and invitations: a centred card on a calm background. */
export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10 sm:px-6">
      <Logo className="mb-8" />
      <div className="w-full max-w-md rounded-xl bg-white px-5 py-8 shadow-sm ring-1 ring-gray-900/5 sm:px-8 dark:bg-gray-900 dark:ring-white/10">
        <Outlet />
      </div>
    </div>
  );
}

import { useNavigate } from 'react-router';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import { useLogin } from './use-login';

/** "Try the demo": logs in as the seeded demo user and opens the dashboard. */
export function useDemoLogin() {
  const navigate = useNavigate();
  const login = useLogin();
  return {
    start: () =>
      login.mutate(
        { email: DEMO_EMAIL, password: DEMO_PASSWORD },
        { onSuccess: () => navigate('/dashboard') },
      ),
    isPending: login.isPending,
  };
}

import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@storekeep/contracts';
import { authUserQuery } from './auth-user-query';

export function useAuthUser() {
  return useQuery(authUserQuery);
}

/** Inside guarded routes the loader has already made sure a user exists. */
export function useRequiredUser(): AuthUser {
  const { data } = useAuthUser();
  if (!data) throw new Error('useRequiredUser used outside an authenticated route');
  return data;
}

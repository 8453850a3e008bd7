import { useMutation } from '@tanstack/react-query';
import type { AuthUser, LoginInput } from '@storekeep/contracts';
import { authApi } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

/** POST /app/login; the answer is the user, cached so guards see the new session at once. */
export function useLogin(options: { form?: boolean } = {}) {
  return useMutation({
    mutationFn: (input: LoginInput) => authApi.post<{ data: AuthUser }>('/login', input),
    onSuccess: (body) => {
      queryClient.setQueryData(queryKeys.authUser, body.data);
    },
    meta: { form: options.form ?? false },
  });
}

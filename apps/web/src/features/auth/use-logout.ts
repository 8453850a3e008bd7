import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { forgetPushDevice } from '../pwa/push';

/**
 * DELETE /devices/{token} for this device's push subscription (spec §7), POST /app/logout, then a full
 * load of / so no state of the old session survives (spec: logout → /).
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      await forgetPushDevice();
      return authApi.post<null>('/logout');
    },
    onSettled: () => {
      queryClient.clear();
      window.location.assign('/');
    },
    meta: { silent: true },
  });
}

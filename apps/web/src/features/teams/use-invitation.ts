import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET /team-invitations/{token}: public preview; an unknown token is shown in the page, not as a 404 page. */
export function useInvitation(token: string | undefined) {
  return useQuery({
    queryKey: queryKeys.invitation(token ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<{ data: InvitationPreview }>(`/team-invitations/${token}`, { signal })
        .then((body) => body.data),
    enabled: Boolean(token),
    retry: false,
    throwOnError: false,
    meta: { silent: true },
  });
}

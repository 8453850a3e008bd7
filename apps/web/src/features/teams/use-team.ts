import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ChangeRoleInput,
  InviteMemberInput,
  RenameTeamInput,
  TeamDetail,
  TeamInvitation,
  TeamMember,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

/** `enabled`: false where the caller may not read the team page (a franchisee's member). */
export function useTeam(teamId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.team(teamId),
    queryFn: ({ signal }) =>
      api.get<{ data: TeamDetail }>(`/teams/${teamId}`, { signal }).then((body) => body.data),
  });
}

const refresh = (teamId: number) => invalidateAfterWrite(queryKeys.team(teamId));

export function useRenameTeam(teamId: number) {
  return useMutation({
    mutationFn: (input: RenameTeamInput) => api.patch<{ data: TeamDetail }>(`/teams/${teamId}`, input),
    onSuccess: (body) => {
      queryClient.setQueryData(queryKeys.team(teamId), body.data);
      // The team switcher in the user menu shows team names too.
      void invalidateAfterWrite(queryKeys.authUser);
    },
    meta: { form: true },
  });
}

export function useInviteMember(teamId: number) {
  return useMutation({
    mutationFn: (input: InviteMemberInput) =>
      api.post<{ data: TeamInvitation }>(`/teams/${teamId}/invitations`, input),
    onSuccess: () => refresh(teamId),
    meta: { form: true },
  });
}

export function useCancelInvitation(teamId: number) {
  return useMutation({
    mutationFn: (invitation: TeamInvitation) =>
      api.delete<null>(`/teams/${teamId}/invitations/${invitation.id}`),
    onSuccess: () => refresh(teamId),
  });
}

export function useChangeRole(teamId: number) {
  return useMutation({
    mutationFn: ({ member, role }: { member: TeamMember } & ChangeRoleInput) =>
      api.patch<{ data: TeamMember }>(`/teams/${teamId}/members/${member.id}`, { role }),
    onSettled: () => refresh(teamId),
  });
}

/** Limits a member to franchisee companies (null: the whole team again), keeping their role. */
export function useSetMemberCompanies(teamId: number) {
  return useMutation({
    mutationFn: ({ member, company_ids }: { member: TeamMember; company_ids: number[] | null }) =>
      api.patch<{ data: TeamMember }>(`/teams/${teamId}/members/${member.id}`, {
        role: member.role,
        company_ids,
      }),
    onSettled: () => refresh(teamId),
  });
}

export function useRemoveMember(teamId: number) {
  return useMutation({
    mutationFn: (member: TeamMember) => api.delete<null>(`/teams/${teamId}/members/${member.id}`),
  });
}

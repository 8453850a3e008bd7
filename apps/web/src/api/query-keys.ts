/** One factory for every TanStack Query key, so invalidation never guesses at a key's shape. */
export const queryKeys = {
  authUser: ['auth-user'] as const,
  dashboard: ['dashboard'] as const,
  gettingStarted: (teamId: number) => ['getting-started', teamId] as const,
  search: (query: string) => ['search', query] as const,
  team: (id: number) => ['teams', id] as const,
  invitation: (token: string) => ['team-invitations', token] as const,
  list: (resource: string, params: Record<string, unknown> = {}) => [resource, 'list', params] as const,
  detail: (resource: string, id: number | string) => [resource, 'detail', id] as const,
  listPreferences: (teamId: number | null) => ['list-preferences', teamId] as const,
};

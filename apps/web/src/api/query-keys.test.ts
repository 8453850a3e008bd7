import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** Which of these cached keys a write invalidating `prefix` reaches. */
function reached(prefix: QueryKey, keys: QueryKey[]): QueryKey[] {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  return client.getQueriesData({ queryKey: prefix }).map(([key]) => key);
}

describe('query key prefixes', () => {
  it('refreshes every list page of a resource, and nothing of another resource', () => {
    const pages = [
      queryKeys.list('reminders', { page: 1 }),
      queryKeys.list('reminders', { page: 2, inbox: 'overdue' }),
    ];
    const others = [
      queryKeys.detail('reminders', 1),
      queryKeys.reminderCounts,
      queryKeys.list('leases', { page: 1 }),
    ];
    expect(reached(queryKeys.lists('reminders'), [...pages, ...others])).toEqual(pages);
  });

  it('refreshes everything cached about a resource with all(resource)', () => {
    const documents = [
      queryKeys.list('documents', {}),
      queryKeys.detail('documents', 5),
      queryKeys.documentVersions(5),
      queryKeys.recordDocuments('stores', 3, {}),
    ];
    expect(reached(queryKeys.all('documents'), [...documents, queryKeys.documentCategories])).toEqual(
      documents,
    );
    const reminders = [
      queryKeys.reminderCounts,
      queryKeys.reminderComments(4),
      queryKeys.detail('reminders', 4),
    ];
    expect(reached(queryKeys.all('reminders'), reminders)).toEqual(reminders);
  });

  it('keeps a record’s notes, history and lease versions under their own prefixes', () => {
    const notes = [queryKeys.notesPage('stores', 3, 1), queryKeys.notesPage('stores', 3, 2)];
    expect(reached(queryKeys.notes('stores', 3), [...notes, queryKeys.notesPage('stores', 4, 1)])).toEqual(
      notes,
    );
    const history = [queryKeys.recordActivitiesPage('stores', 3, 1)];
    expect(reached(queryKeys.recordActivities('stores', 3), [...history, ...notes])).toEqual(history);
    const versions = [queryKeys.leaseVersion(7, null), queryKeys.leaseVersion(7, 2)];
    expect(reached(queryKeys.leaseHistory(7), [...versions, queryKeys.leaseVersion(8, 2)])).toEqual(versions);
    expect(reached(queryKeys.all('stores'), [...notes, ...history])).toHaveLength(3);
  });
});

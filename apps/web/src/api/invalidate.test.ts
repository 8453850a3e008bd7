import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { invalidatorFor } from './invalidate';

it('refetches after a write even when the first fetch started before it and is still running', async () => {
  const queryClient = new QueryClient();
  const invalidateAfterWrite = invalidatorFor(queryClient);
  const answers: Array<(rows: string[]) => void> = [];
  const observer = new QueryObserver<string[]>(queryClient, {
    queryKey: ['versions', 1],
    queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
  });
  const seen: Array<string[] | undefined> = [];
  const unsubscribe = observer.subscribe((result) => seen.push(result.data));
  try {
    await expect.poll(() => answers.length).toBe(1);
    // The write lands while the first fetch (which read the state before it) is still on its way.
    const invalidated = invalidateAfterWrite(['versions']);
    await expect.poll(() => answers.length).toBe(2);
    answers[0]!(['version 1']);
    answers[1]!(['version 2', 'version 1']);
    await invalidated;
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['version 2', 'version 1']);
    expect(seen).not.toContainEqual(['version 1']);
  } finally {
    unsubscribe();
    queryClient.clear();
  }
});

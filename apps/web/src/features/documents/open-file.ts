import type { DocumentDto } from '@storekeep/contracts';
import { api } from '../../api/client';
import { handleApiError } from '../../api/error-mapping';
import { queryClient } from '../../api/query-client';

/**
 * Spec §7: GET /documents/{id} returns a fresh signed url, which is then opened. The tab is opened
 * synchronously (inside the click) so pop-up blockers allow it, and pointed at the file once the link arrives.
 * A module of its own: the search box on every first screen needs it, not the document queries.
 */
export async function openDocumentFile(id: number | string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const body = await api.get<{ data: DocumentDto }>(`/documents/${id}`);
    const url = body.data.url;
    if (!url) throw new Error('This document has no file.');
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    handleApiError(error, queryClient);
  }
}

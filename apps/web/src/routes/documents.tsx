import { DocumentListPage } from '../features/documents/list-page';

/** /documents: the team's documents (spec §2). */
export function Component() {
  return <DocumentListPage />;
}

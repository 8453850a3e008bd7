import type { DocumentDto } from '@storekeep/contracts';
import type { Column } from '../../platform/tabular';

/** The columns of a documents export: what the list shows, the current file and what it is linked to. */
export const DOCUMENT_EXPORT_COLUMNS: Array<Column<DocumentDto>> = [
  ['ID', (d) => d.id],
  ['Title', (d) => d.title],
  ['Category', (d) => d.category_name],
  ['Tags', (d) => d.tags.join('; ')],
  ['Description', (d) => d.description],
  ['Effective date', (d) => d.effective_date],
  ['Expiration date', (d) => d.expiration_date],
  ['File name', (d) => d.current_version?.file_name],
  ['Type', (d) => d.current_version?.mime_type],
  ['Size (bytes)', (d) => d.current_version?.size],
  ['Versions', (d) => d.version_count],
  ['Linked to', (d) => d.links.map((link) => link.name).join('; ')],
  ['Uploaded by', (d) => d.uploaded_by?.name],
  ['Uploaded at', (d) => d.created_at],
];

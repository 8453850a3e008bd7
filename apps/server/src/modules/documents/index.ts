// The documents module as other modules use it: search snippets and scope, imported fields and text extraction.
export {
  documentLifecycle,
  documentSnippets,
  reindexDocument,
  writeDocumentFields,
  type DocumentPatch,
} from './service';
export { enqueueExtraction, EXTRACT_TEXT, runExtraction } from './extraction';
export { addLink } from './repository';
// The global search finds a franchisee's member the documents their list shows them.
export { documentIdsInScope } from './scope';
// A CAM statement links the document it came in.
export { liveDocumentTitles } from './titles';
// A member's dashboard lists the newest documents of their Documents page.
export { listDocuments } from './service';

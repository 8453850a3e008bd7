/** PRODUCT-SPEC §3 search result group, as GET /search answers it. */
export type SearchType = 'companies' | 'brands' | 'stores' | 'contacts' | 'documents';
export type SearchItem = { id: number | string; title: string; subtitle?: string | null };
export type SearchGroup = { type: SearchType; data: SearchItem[] };
/** What the search box lists: the API's record groups, and the pages and actions matched in the browser. */
export type ResultType = SearchType | 'pages' | 'actions';
export type ResultGroup = { type: ResultType; data: SearchItem[] };

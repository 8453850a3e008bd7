/**
 * pdf-lib, loaded by the first PDF made (an invoice, a statement, the demo's documents) rather than at start:
 * its ~200 files cost every process 0.2 s of its start and 3-4 MB of heap that each major collection marks.
 */
export const loadPdfLib = () => import('pdf-lib');

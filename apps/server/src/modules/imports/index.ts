// The imports module as other modules use it: the import job, and the mark of rows an import has not committed.
export { RUN_IMPORT, recoverImports, runImportJob } from './run';
export { readUpload } from './routes';
export type { ImportUpload } from './upload';
// The one reader of tabular files, for modules that import a file of their own (a landlord's CAM statement).
export { detectFormat, openTable } from './parse';
export { fileError } from './state';
export { toIsoDate, toNumber } from './prepare';

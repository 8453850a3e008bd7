// The imports module as other modules use it: the import job, and the mark of rows an import has not committed.
export { RUN_IMPORT, recoverImports, runImportJob } from './run';
export { readUpload } from './routes';

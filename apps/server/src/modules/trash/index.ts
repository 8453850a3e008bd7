// The trash module as other modules use it: the purge job.
export { purgeTrash } from './service';

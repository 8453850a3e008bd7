// The records module as other modules use it: the record types' kit (definitions, policy, validation), their
// registry, the lifecycle kit (soft delete, restore, trash, purge) that leases, agreements and documents share, and
// the `deleted_at` marker of rows an import has not committed yet, which that kit and every trash path skip.
export type { RecordDefinition } from './definition';
export { recordDefinitions } from './registry';
export { recordAbilities, recordPolicy, systemViewer, viewerOf, type Abilities, type Viewer } from './policy';
export { checkRef, FieldErrors } from './validation';
export { findLive, insertRecord, recordLifecycle, reindex, updateRecord } from './service';
export {
  moveToTrash,
  purgeDate,
  purgeExpired,
  restoreFromTrash,
  softDelete,
  trashCutoff,
  type Lifecycle,
  type TrashType,
} from './lifecycle';
export { imageUrlsFor, variantKeys } from './images';
export { isPendingImport, PENDING_IMPORT } from './pending';

/**
 * The `deleted_at` of a record an import created and has not committed yet. Every read path already shows
 * only rows whose `deleted_at` is null (lists, search, exports, dashboard, counts, detail, the partial
 * indexes), so a pending row is invisible to everyone without a condition of its own; the few paths that
 * show deleted rows (the trash, restore) skip this value. A date far in the future, so the trash purge,
 * which removes rows deleted before a cutoff, never takes one (recovery of the import does).
 */
export const PENDING_IMPORT = '9999-12-31T00:00:00.000Z';

export const isPendingImport = (deletedAt: string | null | undefined) => deletedAt === PENDING_IMPORT;

// The leases module as other modules use it, and the contract kit franchise agreements share with leases.
export {
  contractLifecycle,
  createContract,
  findLiveContract,
  getContract,
  hideImportedContract,
  insertContract,
  listContracts,
  patchContract,
  removeImported,
  revealImportedContracts,
  updateContract,
  type ContractDefinition,
  type PatchOptions,
} from './contract-kit';
export {
  checkClauseDocuments,
  parseWhole,
  ref,
  toCents,
  toDollars,
  writeClauses,
} from './lease-agreement-rows';
export { addDaysIso, daysBefore, escalationRows, noticeDeadline, todayIso } from './dates';
export {
  getLease,
  getLeases,
  getTeamLeases,
  hideImportedLease,
  insertLease,
  leaseLifecycle,
  leaseValuesOf,
  patchLease,
  recomputeCriticalDates,
  removeImportedLeases,
  revealImportedLeases,
} from './service';
export { applyDateTransitions } from './transitions';
// Rent payables are generated from these.
export { leaseIdsOfStores, payableLeases, type PayableLeaseRow } from './payable-inputs';
export { exerciseOptionIn } from './amendments';

// The record type as the records registry uses it.
export { stores } from './definition';
// Occupancy cost (modules/occupancy) keeps its figure on the store for the list's sort and the ranking.
export { storesWithoutOccupancy, writeStoreOccupancy, type StoredOccupancy } from './occupancy';
// A completed agreement transfer moves its stores to the new franchisee.
export { setOperatingCompany } from './operating-company';

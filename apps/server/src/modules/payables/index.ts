// Occupancy cost sums a lease's rent and charges the way its payables bill them.
export { rentAndChargesOver, type PayableLease } from './schedule';

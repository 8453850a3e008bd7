// Occupancy cost counts the percentage rent of the trailing twelve months with these terms and this math.
export {
  percentageRentWithin,
  type PercentageLease,
  type SalesFigure,
  type TermsCents,
} from './calculations';
export { percentageTermsOfLeases } from './terms';
export { useStatedBreakpoint } from './service';

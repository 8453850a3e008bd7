// Writes that change what a store pays or sells recompute its figure through platform/store-changes.ts
// (registered in app.ts); main.ts's hourly housekeeping refreshes the figures when the month rolls over.
export { recomputeOccupancy, refreshOccupancy } from './service';

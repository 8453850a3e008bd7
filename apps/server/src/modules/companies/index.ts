// The record type as the records registry uses it.
export { companies } from './definition';

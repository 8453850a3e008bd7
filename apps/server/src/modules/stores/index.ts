// The record type as the records registry uses it.
export { stores } from './definition';

// The record type as the records registry uses it.
export { brands } from './definition';

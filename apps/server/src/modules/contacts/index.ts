// The record type as the records registry uses it.
export { contacts } from './definition';

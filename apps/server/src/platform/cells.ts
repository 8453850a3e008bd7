/**
 * A number written with a fixed count of decimals (a report's amounts: `16000.00`). It is a number, so the
 * formula escaping below leaves it alone, and XLSX gets a number cell.
 */
export class Fixed {
  constructor(
    readonly value: number,
    readonly digits = 2,
  ) {}

  toString() {
    return this.value.toFixed(this.digits);
  }
}

/** What one cell of an export (CSV or XLSX) may hold. */
export type Cell = string | number | boolean | null | undefined | Fixed;

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet program would run as a formula when it opens the file (OWASP "CSV injection"): it
 * starts with = + - @, a tab or a carriage return. The one rule every export writer applies.
 */
export function isFormulaLike(value: Cell): value is string {
  return typeof value === 'string' && FORMULA_START.test(value);
}

/**
 * A cell as a CSV carries it: formula-like text gets a leading `'`, so a record named "=HYPERLINK(…)" or
 * "-1" stays text. Numbers the server wrote as numbers (amounts, counts, negative ones too) are not text
 * and stay as they are: a spreadsheet reads `-12.50` as the number, nothing runs.
 */
export function safeCell(value: Cell): string | number | boolean | null | undefined {
  if (value instanceof Fixed) return value.toString();
  return isFormulaLike(value) ? `'${value}` : value;
}

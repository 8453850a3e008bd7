import {
  CAM_CATEGORIES,
  CAM_IMPORT_MAX_LINES,
  camCategoryOf,
  camCategoryWords,
  camImportFieldsSchema,
  isWholeCents,
  toCents,
  type CamImportPreview,
  type CamImportRow,
  type CamReconciliation,
  type Lease,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { isFormulaLike } from '../../platform/cells';
import { AppError, invalid } from '../../platform/errors';
import { parseServiceBody } from '../../platform/service-body';
import { authorize, type Actor } from '../../platform/policy';
import type { TabularFile, TabularFormat } from '../../platform/tabular';
import { detectFormat, fileError, openTable, toIsoDate, toNumber, type ImportUpload } from '../imports/index';
import { getLease } from '../leases/index';
import {
  canUpdate,
  reconciliationOf,
  statementErrors,
  writeStatement,
  type PendingStatement,
} from './service';

/**
 * A landlord's CAM / operating-expense statement read from a CSV or XLSX file: one line per category with its
 * amount and whether it is controllable, optionally the lease year and statement date. The preview reads the
 * file and saves nothing; the import reads it again and saves it only when the preview would have no error.
 */

/** A statement is a page of lines; a file far larger is not one (the upload reader allows 50 MB for imports). */
const MAX_STATEMENT_BYTES = 1024 * 1024;

type Column = 'category' | 'amount' | 'controllable' | 'lease_year' | 'received_on';

/** The headers each column is recognised by, as words (see camCategoryWords). */
const HEADERS: Record<Column, string[]> = {
  category: ['category', 'expense', 'expense category', 'description', 'item', 'line item'],
  amount: ['amount', 'actual', 'actual amount', 'total', 'cost', 'amount usd'],
  controllable: ['controllable', 'controllable yes no', 'is controllable'],
  lease_year: ['lease year', 'year'],
  received_on: ['statement date', 'date', 'received on', 'received', 'date received'],
};
const COLUMN_LABELS: Record<Column, string> = {
  category: 'Category',
  amount: 'Amount',
  controllable: 'Controllable',
  lease_year: 'Lease year',
  received_on: 'Statement date',
};
const COLUMN_OF = new Map<string, Column>(
  (Object.entries(HEADERS) as Array<[Column, string[]]>).flatMap(([column, names]) =>
    names.map((name): [string, Column] => [name, column]),
  ),
);

/** Text a spreadsheet would run (the export writers' one rule), as a plain test. */
const formulaLike = (text: string): boolean => isFormulaLike(text);

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** "$1,250.50", "1 250.50" and "(300.00)" (a credit) as cents, or a message saying why not. */
function amountCents(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return 'The amount is required.';
  const credit = /^\((.*)\)$/.exec(trimmed);
  const plain = toNumber(credit ? credit[1]! : trimmed).replace(/\s/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return 'The amount must be a number.';
  const value = Number(plain) * (credit ? -1 : 1);
  if (!isWholeCents(Math.abs(value))) return 'The amount may have at most two decimals.';
  if (Math.abs(value) > 1_000_000_000) return 'The amount may not be greater than 1,000,000,000.';
  // Whole cents already: the rounding only drops the binary fraction of the decimal written.
  return Math.round(value * 100);
}

type Line = { category: string; amount_cents: number; controllable: boolean };

type Reading = {
  rows: CamImportRow[];
  lines: Line[];
  leaseYear: number | null;
  receivedOn: string | null;
  hasControllable: boolean;
  errors: Record<string, string[]>;
};

/** The file's lines with every row's problems; a file that cannot be a statement is a 422 (413 over the limits). */
async function readStatementFile(upload: ImportUpload): Promise<Reading> {
  const { file } = upload;
  if (!file || !file.bytes.length) throw invalid('file', 'The file field is required.');
  if (file.bytes.length > MAX_STATEMENT_BYTES)
    throw invalid('file', 'A statement file may not be larger than 1 MB.');
  const format = detectFormat(file.name, file.bytes);
  if (format !== 'xlsx' && !/\.(csv|tsv|txt)$/i.test(file.name))
    throw invalid('file', 'The file must be a CSV or XLSX file.');
  const head = file.bytes.subarray(0, 2);
  if (format === 'csv' && (head.equals(Buffer.from([0xff, 0xfe])) || head.equals(Buffer.from([0xfe, 0xff]))))
    throw invalid('file', 'The file is UTF-16 text: save it as CSV UTF-8 (or Windows-1252) and try again.');
  let table;
  try {
    table = await openTable(file.bytes, format, null, { checkAll: true });
  } catch (error) {
    throw fileError(error);
  }
  const at = new Map<Column, number>();
  for (const [index, header] of table.headers.entries()) {
    // A repeated header comes back from the reader as "Amount (2)": still an Amount column.
    const column = formulaLike(header)
      ? undefined
      : COLUMN_OF.get(camCategoryWords(header.replace(/\s\(\d+\)$/, '')));
    if (!column) continue;
    if (at.has(column)) throw invalid('file', `The file has two ${COLUMN_LABELS[column]} columns: keep one.`);
    at.set(column, index);
  }
  const missing = (['category', 'amount'] as const).filter((column) => !at.has(column));
  if (missing.length)
    throw invalid(
      'file',
      `The file needs a header row with ${missing.map((c) => COLUMN_LABELS[c]).join(' and ')} columns (the template has them).`,
    );

  const reading: Reading = {
    rows: [],
    lines: [],
    leaseYear: null,
    receivedOn: null,
    hasControllable: at.has('controllable'),
    errors: {},
  };
  const seen = new Map<string, number>();
  const cell = (cells: string[], column: Column) => {
    const index = at.get(column);
    return index === undefined ? '' : (cells[index] ?? '');
  };
  for await (const { rowNumber, cells } of table.rows()) {
    if (reading.rows.length >= CAM_IMPORT_MAX_LINES)
      throw invalid('file', `A statement may have at most ${CAM_IMPORT_MAX_LINES} lines.`);
    const errors: CamImportRow['errors'] = [];
    const fail = (column: Column, message: string) => errors.push({ column, message });

    const categoryText = cell(cells, 'category').trim();
    let categoryKey: string | null = null;
    if (categoryText === '') fail('category', 'The category is required.');
    else if (formulaLike(categoryText))
      fail('category', 'The category starts like a spreadsheet formula (= + - @); name a category instead.');
    else {
      categoryKey = camCategoryOf(categoryText);
      if (!categoryKey)
        fail(
          'category',
          `Unknown category “${categoryText.slice(0, 60)}”. Use one of: ${CAM_CATEGORIES.map((c) => c.label).join(', ')}.`,
        );
      else if (seen.has(categoryKey))
        fail('category', `This category is already on row ${seen.get(categoryKey)}: one line per category.`);
      else seen.set(categoryKey, rowNumber);
    }

    const amountText = cell(cells, 'amount');
    const amount =
      formulaLike(amountText.trim()) && !/^-\d/.test(amountText.trim())
        ? 'The amount must be a number, not a formula.'
        : amountCents(amountText);
    if (typeof amount === 'string') fail('amount', amount);

    let controllable: boolean | null = null;
    if (reading.hasControllable) {
      const word = cell(cells, 'controllable').trim().toLowerCase();
      if (YES.has(word)) controllable = true;
      else if (NO.has(word)) controllable = false;
      else fail('controllable', 'Controllable must be yes or no.');
    }

    const yearText = cell(cells, 'lease_year').trim();
    if (yearText !== '') {
      const year = /^\d{1,3}$/.test(yearText) ? Number(yearText) : null;
      if (year === null || year < 1 || year > 200)
        fail('lease_year', 'The lease year must be a whole number between 1 and 200.');
      else if (reading.leaseYear !== null && year !== reading.leaseYear)
        fail(
          'lease_year',
          `One statement is one lease year: earlier rows say lease year ${reading.leaseYear}.`,
        );
      else reading.leaseYear = year;
    }

    const dateText = cell(cells, 'received_on').trim();
    if (dateText !== '') {
      const date = toIsoDate(dateText);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
        fail('received_on', 'The statement date is not a valid date.');
      else if (reading.receivedOn !== null && date !== reading.receivedOn)
        fail('received_on', `One statement has one date: earlier rows say ${reading.receivedOn}.`);
      else reading.receivedOn = date;
    }

    reading.rows.push({
      row: rowNumber,
      category: categoryText.slice(0, 200),
      category_key: categoryKey,
      amount: typeof amount === 'number' ? amount / 100 : null,
      controllable,
      errors,
    });
    if (!errors.length && categoryKey && typeof amount === 'number')
      reading.lines.push({
        category: categoryKey,
        amount_cents: amount,
        controllable: controllable ?? false,
      });
  }
  if (!reading.rows.length) throw invalid('file', 'The file has no statement lines below its header.');
  return reading;
}

type Prepared = {
  lease: Lease;
  preview: CamImportPreview;
  reading: Reading;
  /** The statement to save, when nothing is wrong. */
  pending: PendingStatement | null;
};

async function prepare(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  read: () => Promise<ImportUpload>,
): Promise<Prepared> {
  // The lease module answers 404 for another team's lease before the upload is read.
  const lease = await getLease(deps, actor, leaseId);
  authorize(canUpdate(actor), 'Only managers and admins can import a statement.');
  const upload = await read();
  const fields = parseServiceBody(camImportFieldsSchema, upload.fields);
  const reading = await readStatementFile(upload);
  const errors: Record<string, string[]> = {};
  const pick = <T>(
    field: 'lease_year' | 'received_on',
    chosen: T | null,
    inFile: T | null,
    label: string,
  ) => {
    if (chosen !== null && inFile !== null && chosen !== inFile)
      errors[field] = [
        `The file says ${label} ${String(inFile)}, the form ${String(chosen)}: make them agree.`,
      ];
    return chosen ?? inFile;
  };
  const leaseYear = pick('lease_year', fields.lease_year, reading.leaseYear, 'lease year');
  const receivedOn = pick('received_on', fields.received_on, reading.receivedOn, 'statement date');
  if (leaseYear === null && !errors.lease_year)
    errors.lease_year = ['The lease year is required: choose it, or give the file a Lease year column.'];
  if (receivedOn === null && !errors.received_on)
    errors.received_on = [
      'The statement date is required: enter it, or give the file a Statement date column.',
    ];
  const actualCents = reading.lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const controllableCents = reading.lines
    .filter((line) => line.controllable)
    .reduce((sum, line) => sum + line.amount_cents, 0);
  if (actualCents < 0) errors.actual = ['The statement’s lines add up to less than zero.'];
  const whole = await statementErrors(deps, actor, lease, {
    lease_year: errors.lease_year ? null : leaseYear,
    document_id: fields.document_id,
    actual: actualCents / 100,
    controllable: reading.hasControllable ? controllableCents / 100 : null,
  });
  for (const [field, messages] of Object.entries(whole)) errors[field] ??= messages;
  const valid = reading.rows.every((row) => !row.errors.length) && !Object.keys(errors).length;
  const estimatesCents = toCents(fields.estimates_paid);
  const pending =
    valid && leaseYear !== null && receivedOn !== null
      ? {
          lease_year: leaseYear,
          actual_cents: actualCents,
          controllable_cents: reading.hasControllable ? controllableCents : null,
          estimates_cents: estimatesCents,
          received_on: receivedOn,
          document_id: fields.document_id,
        }
      : null;
  const variance = pending
    ? ((await reconciliationOf(deps, actor, lease, pending)).years.find((y) => y.lease_year === leaseYear)
        ?.variance ?? null)
    : null;
  return {
    lease,
    reading,
    pending,
    preview: {
      lease_year: leaseYear,
      received_on: receivedOn,
      rows: reading.rows,
      errors,
      actual: actualCents / 100,
      controllable: controllableCents / 100,
      estimates_paid: estimatesCents === null ? null : estimatesCents / 100,
      variance,
      valid,
    },
  };
}

/** What the file would save and each row's problems; nothing is saved. */
export async function previewCamImport(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  read: () => Promise<ImportUpload>,
): Promise<CamImportPreview> {
  return (await prepare(deps, actor, leaseId, read)).preview;
}

/** Saves the file's statement in one commit, or answers 422 naming each row and field at fault. */
export async function importCamStatement(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  read: () => Promise<ImportUpload>,
): Promise<CamReconciliation> {
  const { lease, preview, reading, pending } = await prepare(deps, actor, leaseId, read);
  if (!pending) {
    const errors: Record<string, string[]> = { ...preview.errors };
    for (const row of preview.rows)
      for (const error of row.errors)
        errors[`rows.${row.row}.${error.column}`] = [`Row ${row.row}: ${error.message}`];
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  await writeStatement(deps, actor, lease, pending, reading.lines, {
    cam_statement_import: {
      lease_year: pending.lease_year,
      received_on: pending.received_on,
      actual: preview.actual,
      lines: reading.lines.length,
      document_id: pending.document_id,
    },
  });
  return reconciliationOf(deps, actor, lease);
}

/** An empty statement to fill in: the columns the import reads, no example row (one left in would be saved). */
export async function camImportTemplate(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  format: TabularFormat,
): Promise<TabularFile> {
  await getLease(deps, actor, leaseId);
  async function* rows() {
    yield Object.values(COLUMN_LABELS);
  }
  return { format, name: 'cam-statement-template', rows: rows() };
}

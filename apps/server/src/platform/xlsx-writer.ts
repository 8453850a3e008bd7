import { PassThrough, Readable } from 'node:stream';
import archiver from 'archiver';
import { Fixed, isFormulaLike, type Cell as Value } from './cells';
import { inTurns } from './turns';

/**
 * A streaming XLSX writer: the sheet's XML is made row by row and zipped by archiver (already used for the
 * team export), and nothing is made faster than the response is read. exceljs' streaming writer was used
 * before, but its internal buffers (StreamBuf) accept every write and push on without waiting for the zip or
 * the socket, so a 100,000-row export grew the server by ~100 MB when the client read slower than the
 * database answered. Here the sheet is a `Readable` that archiver pulls: a row is made only when the
 * deflate stream and the response have room for it, so memory stays flat whatever the export's size.
 *
 * What it writes: one worksheet with its header row bold and frozen; numbers and booleans as such; a cell
 * holding exactly an ISO day (`2026-03-01`, as every date column and date attribute exports) as an Excel
 * date shown `yyyy-mm-dd` — what Excel itself makes of that text in the CSV; other text as inline strings.
 * A string cell is text by its type (Excel never evaluates it), and text that starts like a formula also
 * gets the "quote prefix" style, so editing the cell in Excel keeps it text (the CSV prefixes `'` instead).
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;

/** Cell styles (`s`): 0 default, 1 date, 2 text with quote prefix, 3 bold header. */
const STYLE = { date: 1, quoted: 2, header: 3 } as const;
const STYLES =
  `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

const SHEET_START = `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

/** Sheet names may not hold []:*?/\ and are at most 31 characters (Excel refuses the file otherwise). */
function sheetName(name: string): string {
  return escapeXml(
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet1',
  );
}

function workbookXml(name: string): string {
  return `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${sheetName(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

// Characters XML 1.0 cannot carry at all (a control character or a lone UTF-16 surrogate in a record would
// make the file unreadable).
const INVALID_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '').replace(SPECIAL, (c: string) => ENTITIES[c]!);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** The Excel serial of an ISO day, or null for text that only looks like one (or a day before 1900-03-01, where Excel's 1900 leap-year bug shifts serials). */
function excelDay(text: string): number | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (text < '1900-03-01') return null;
  return (time - EXCEL_EPOCH) / 86_400_000;
}

/** Column letters (A, B, …, Z, AA, …) of a 0-based index. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(ref: string, value: Value, header: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Fixed) return cellXml(ref, value.value, header);
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : cellXml(ref, String(value), header);
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (!header) {
    const serial = excelDay(value);
    if (serial !== null) return `<c r="${ref}" s="${STYLE.date}"><v>${serial}</v></c>`;
  }
  const style = header ? ` s="${STYLE.header}"` : isFormulaLike(value) ? ` s="${STYLE.quoted}"` : '';
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
}

/** The sheet's XML in chunks of ~64 KB, a row made only when the previous chunk was taken. */
async function* sheetXml(rows: AsyncIterable<Value[]>): AsyncGenerator<Buffer> {
  const columns: string[] = [];
  let chunk = SHEET_START;
  let rowNumber = 0;
  for await (const row of rows) {
    rowNumber += 1;
    let xml = `<row r="${rowNumber}">`;
    for (let i = 0; i < row.length; i += 1)
      xml += cellXml(`${(columns[i] ??= columnName(i))}${rowNumber}`, row[i], rowNumber === 1);
    chunk += `${xml}</row>`;
    if (chunk.length >= 65_536) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  yield Buffer.from(chunk + SHEET_END);
}

/** Rows (the first is the header) as an XLSX file, streamed with backpressure (see above). */
export function xlsxStream(rows: AsyncIterable<Value[]>, name = 'Export'): Readable {
  // Level 1: the sheet is repetitive XML that deflates well even so, and the fastest level keeps a
  // 100,000-row export inside its time budget on two shared cores. archiver's own output buffer is 1 MB by
  // default (~15 MB of sheet XML); 64 KB is plenty for a socket.
  const zip = archiver('zip', { zlib: { level: 1 }, highWaterMark: 64 * 1024 });
  const out = new PassThrough();
  // In turns with the other requests (platform/turns.ts): a long sheet would otherwise hold them all.
  const sheet = Readable.from(sheetXml(inTurns(rows)), { objectMode: false });
  // A failing read (a database error mid-export) ends the download with an error instead of a hang.
  sheet.on('error', (error) => out.destroy(error));
  zip.on('error', (error) => out.destroy(error));
  zip.pipe(out);
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(ROOT_RELS, { name: '_rels/.rels' });
  zip.append(workbookXml(name), { name: 'xl/workbook.xml' });
  zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(STYLES, { name: 'xl/styles.xml' });
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  zip.finalize().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

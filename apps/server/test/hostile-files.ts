import zlib from 'node:zlib';

// Crafted ZIP and XLSX files, made in memory (a few hundred KB each): nothing large is kept in the repository.

export type ZipEntry = { name: string; data: Buffer; deflated?: boolean; size?: number };

/** A minimal ZIP writer: local headers, data, central directory. `size` may lie, as a bomb's does. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const size = entry.size ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflated ? 8 : 0, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.deflated ? 8 : 0, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Raw deflate of `prefix`, `megabytes` MB of spaces in ~1 KB per MB, then `suffix`: each piece is
 * sync-flushed so the next can follow it, the compressed MB is repeated, and the suffix ends the stream.
 */
export function deflateBomb(megabytes: number, prefix = '', suffix = ''): Buffer {
  const flushed = (data: Buffer) =>
    zlib.deflateRawSync(data, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const oneMb = flushed(Buffer.alloc(1024 * 1024, ' '));
  return Buffer.concat([
    ...(prefix ? [flushed(Buffer.from(prefix))] : []),
    ...Array.from({ length: megabytes }, () => oneMb),
    zlib.deflateRawSync(Buffer.from(suffix)),
  ]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const part = (name: string, xml: string): ZipEntry => ({
  name,
  data: zlib.deflateRawSync(Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${xml}`)),
  deflated: true,
});

/** The start and end of a worksheet's XML around its rows; `dimension` is the used range it claims. */
export const sheetStart = (dimension?: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}">${dimension ? `<dimension ref="${dimension}"/>` : ''}<sheetData>`;
export const SHEET_END = '</sheetData></worksheet>';

/** A cell of inline text at `ref` (e.g. XFD1048576). */
export const textCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * A one-sheet workbook as Excel lays it out (the worksheet before the shared strings). `sheet` is the
 * worksheet's XML, or its raw-deflated bytes with the size its ZIP entry claims.
 */
export function xlsxFile(
  sheet: string | { deflated: Buffer; claimedSize: number },
  sharedStrings?: string,
): Buffer {
  const sheetEntry: ZipEntry =
    typeof sheet === 'string'
      ? { name: 'xl/worksheets/sheet1.xml', data: zlib.deflateRawSync(Buffer.from(sheet)), deflated: true }
      : { name: 'xl/worksheets/sheet1.xml', data: sheet.deflated, deflated: true, size: sheet.claimedSize };
  return zip([
    part(
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sheetEntry,
    ...(sharedStrings === undefined ? [] : [part('xl/sharedStrings.xml', sharedStrings)]),
  ]);
}

/** Spreadsheets that cost a naive reader far more than their size; each one's note says how. */
export const hostileXlsx = {
  /** 2 KB: one cell at row 5,000, column 2,000; a dense reader walks 10 million cells. */
  farCell: () => xlsxFile(`${sheetStart()}<row r="5000">${textCell('BXX5000', 'x')}</row>${SHEET_END}`),
  /** A header, and a value in the last cell a sheet can have. */
  lastCell: () =>
    xlsxFile(
      `${sheetStart()}<row r="1">${textCell('A1', 'Name')}</row><row r="1048576">${textCell('XFD1048576', 'x')}</row>${SHEET_END}`,
    ),
  /** A small sheet claiming the whole grid as its used range. */
  hugeDimension: () =>
    xlsxFile(
      `${sheetStart('A1:XFD1048576')}<row r="1">${textCell('A1', 'Name')}</row><row r="2">${textCell('A2', 'Corner Shop')}</row>${SHEET_END}`,
    ),
  /** 300 KB whose sheet unpacks to 300 MB (its ZIP entry claims 1 KB). */
  bomb: () =>
    xlsxFile({
      deflated: deflateBomb(300, `${sheetStart()}<row r="1">${textCell('A1', 'Name')}</row>`, SHEET_END),
      claimedSize: 1024,
    }),
  /** `count` shared strings (the reader keeps them all in memory) and a sheet using the first. */
  sharedStrings: (count: number) =>
    xlsxFile(
      `${sheetStart()}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_END}`,
      `<sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">${'<si><t>x</t></si>'.repeat(count)}</sst>`,
    ),
};

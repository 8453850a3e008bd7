import type { Readable } from 'node:stream';
import type { PercentageRent, PercentageRentYear } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { invalid } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import { csvStream, Fixed, type Cell } from '../../platform/tabular';
import { percentageRentOf } from './service';
import { yearStatus } from './years';
import { loadPdfLib } from '../../platform/pdf';

/**
 * The landlord sales statement of one lease year: each month's gross sales (a month without a figure says
 * "not reported", never 0), the breakpoint with how it was found, and the percentage rent. Without a year
 * asked for, the last lease year that has ended (else the first).
 */
async function statementYear(deps: Deps, actor: Actor, leaseId: number, leaseYear: number | undefined) {
  const report = await percentageRentOf(deps, actor, leaseId);
  const year =
    leaseYear === undefined
      ? (report.years.filter((y) => y.ended).at(-1) ?? report.years[0])
      : report.years.find((y) => y.lease_year === leaseYear);
  if (!year)
    throw invalid(
      'lease_year',
      report.years.length
        ? `The lease has lease years 1 to ${report.years.length}.`
        : 'The lease has no lease years: it needs a commencement date.',
    );
  return { report, year };
}

const amount = (dollars: number) =>
  dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const monthText = (m: PercentageRentYear['months'][number]) =>
  m.status === 'reported' ? amount(m.sales!) : m.status === 'not_reported' ? 'not reported' : 'not yet due';

/** The statement's lines as label and value, shared by the CSV and the PDF so the two always agree. */
function summary(report: PercentageRent, year: PercentageRentYear): Array<[string, string]> {
  return [
    ['Lease', report.lease.reference ?? `#${report.lease.id}`],
    ['Store', report.store.name],
    [
      `Lease year ${year.lease_year}`,
      `${year.start} to ${year.end}${year.partial ? ` (partial: ${year.days} of ${year.full_year_days} days)` : ''}`,
    ],
    ['Rate', report.rate === null ? 'none' : `${report.rate} %`],
    ['Breakpoint', year.breakpoint === null ? 'none' : amount(year.breakpoint)],
    ['Breakpoint basis', year.breakpoint_basis],
    ...report.terms.tiers.map((t): [string, string] => [`Band from ${amount(t.from_sales)}`, `${t.rate} %`]),
    ['Gross sales reported', amount(year.sales_reported)],
    ['Percentage rent due', amount(year.rent_due)],
    ['Months not reported', year.missing_months.join(' ') || 'none'],
    ['Status', yearStatus(year)],
  ];
}

export async function statementCsv(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  leaseYear: number | undefined,
): Promise<{ stream: Readable; fileName: string }> {
  const { report, year } = await statementYear(deps, actor, leaseId, leaseYear);
  const lines = summary(report, year);
  const stream = csvStream(
    (async function* (): AsyncGenerator<Cell[]> {
      for (const line of lines) yield line;
      yield [];
      yield ['Month', 'Gross sales'];
      for (const m of year.months)
        yield [m.month, m.status === 'reported' ? new Fixed(m.sales!) : monthText(m)];
    })(),
  );
  return { stream, fileName: `percentage-rent-lease-${leaseId}-year-${year.lease_year}.csv` };
}

/** The standard fonts encode WinAnsi only: anything else in user text prints as "?" rather than failing. */
const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2018\u2019\u201C\u201D\u2013\u2014]/g, '?');

export async function statementPdf(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  leaseYear: number | undefined,
): Promise<{ body: Buffer; fileName: string }> {
  const { report, year } = await statementYear(deps, actor, leaseId, leaseYear);
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Percentage rent statement, lease year ${year.lease_year}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  let y = 740;
  const line = (label: string, value: string, isBold = false) => {
    if (y < 60) {
      page = pdf.addPage([612, 792]);
      y = 740;
    }
    page.drawText(printable(label), { x: 56, y, size: 10, font: isBold ? bold : font });
    page.drawText(printable(value), { x: 220, y, size: 10, font: isBold ? bold : font });
    y -= 16;
  };
  page.drawText('Percentage rent statement', { x: 56, y, size: 16, font: bold });
  y -= 28;
  for (const [label, value] of summary(report, year)) line(label, value);
  y -= 12;
  line('Month', 'Gross sales', true);
  for (const m of year.months) line(m.month, monthText(m));
  return {
    body: Buffer.from(await pdf.save()),
    fileName: `percentage-rent-lease-${leaseId}-year-${year.lease_year}.pdf`,
  };
}

import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A small real PDF with a text layer, made in the test (no binary fixtures to keep in the repo). */
export async function makePdf(lines: string[], pages = 1): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p += 1) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font }));
  }
  return Buffer.from(await pdf.save());
}

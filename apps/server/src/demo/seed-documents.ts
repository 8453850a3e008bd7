import { createHash } from 'node:crypto';
import { longDate } from '@storekeep/contracts';
import type { Deps } from '../platform/deps';
import { writeTransaction } from '../platform/db';
import { nowIso } from '../platform/clock';
import { randomToken } from '../platform/crypto';
import { adoptBlob, discardBlob, reserveBlob } from '../platform/blobs';
import { addLink, reindexDocument, enqueueExtraction } from '../modules/documents/index';
import { loadPdfLib } from '../platform/pdf';

const PAGE = { width: 612, height: 792 };

/** A lease's PDF as a landlord sends it: a cover page with the parties, a page with the term and the options. */
async function leasePdf(lease: {
  reference: string;
  store: string;
  landlord: string;
  commencement: string;
  expiration: string;
}): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = (heading: string, lines: string[]) => {
    const p = pdf.addPage([PAGE.width, PAGE.height]);
    p.drawText(heading, { x: 72, y: 720, size: 16, font: bold });
    lines.forEach((line, i) => p.drawText(line, { x: 72, y: 690 - i * 18, size: 12, font }));
  };
  page(`SHOPPING CENTER LEASE ${lease.reference}`, [
    `Landlord: ${lease.landlord}`,
    `Premises: ${lease.store}`,
    'Permitted use: the operation of a franchised restaurant and related take-out sales.',
  ]);
  page('ARTICLE 3. TERM AND OPTIONS TO EXTEND', [
    `3.1 Term. The term commences on ${longDate(lease.commencement)} and expires on ${longDate(lease.expiration)}.`,
    '3.2 Renewal Options. Tenant may extend the term for two (2) successive periods of five (5) years each',
    'by written notice to Landlord given not earlier than twelve (12) nor later than six (6) months prior',
    'to the expiration of the then-current term, delivered by certified mail, return receipt requested.',
    '3.3 Rent during each renewal term shall be one hundred three percent (103%) of the rent in effect',
    'during the last month of the preceding term. Time is of the essence of this Article.',
  ]);
  return Buffer.from(await pdf.save());
}

/**
 * The demo team's signed leases as PDFs, linked to their leases and named as the renewal option's source
 * (page 2), through the same storage, search and text-extraction path as an upload: the document search
 * finds "renewal" or "certified mail" once the extraction job has run.
 */
export async function seedDemoDocuments(
  deps: Deps,
  teamId: number,
  userId: number,
  count = 3,
): Promise<void> {
  const leases = await deps.db
    .selectFrom('leases')
    .innerJoin('stores', 'stores.id', 'leases.store_id')
    .leftJoin('companies', 'companies.id', 'leases.landlord_id')
    .select([
      'leases.id',
      'leases.reference',
      'leases.commencement_date',
      'leases.expiration_date',
      'stores.name as store',
      'companies.name as landlord',
    ])
    .where('leases.team_id', '=', teamId)
    .where('leases.deleted_at', 'is', null)
    .orderBy('leases.id')
    .limit(count)
    .execute();
  for (const lease of leases) {
    if (!lease.commencement_date || !lease.expiration_date) continue;
    const reference = lease.reference ?? `#${lease.id}`;
    const bytes = await leasePdf({
      reference,
      store: lease.store,
      landlord: lease.landlord ?? 'the Landlord',
      commencement: lease.commencement_date,
      expiration: lease.expiration_date,
    });
    const key = `doc_${randomToken(24)}`;
    await reserveBlob(deps.db, key);
    try {
      await deps.storage.put(key, bytes, 'application/pdf');
      await writeTransaction(deps.db, async (trx) => {
        const now = nowIso();
        const document = await trx
          .insertInto('documents')
          .values({
            team_id: teamId,
            title: `Lease ${reference} (signed)`,
            category: 'lease',
            description: null,
            effective_date: lease.commencement_date,
            expiration_date: null,
            text_status: 'pending',
            uploaded_by: userId,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await adoptBlob(trx, key);
        const version = await trx
          .insertInto('document_versions')
          .values({
            team_id: teamId,
            document_id: document.id,
            version: 1,
            blob_key: key,
            file_name: `lease-${reference.toLowerCase()}.pdf`,
            mime_type: 'application/pdf',
            size: bytes.length,
            checksum: createHash('sha256').update(bytes).digest('hex'),
            text_status: 'pending',
            uploaded_by: userId,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('documents')
          .set({ current_version_id: version.id })
          .where('team_id', '=', teamId)
          .where('id', '=', document.id)
          .execute();
        await addLink(trx, teamId, document.id, 'leases', lease.id, now);
        await trx
          .updateTable('lease_options')
          .set({ source_document_id: document.id, source_page: 2 })
          .where('team_id', '=', teamId)
          .where('lease_id', '=', lease.id)
          .where('kind', '=', 'renewal')
          .execute();
        await reindexDocument(trx, teamId, document.id);
        await enqueueExtraction(trx, teamId, version.id);
      });
    } catch (error) {
      await discardBlob(deps, key);
      throw error;
    }
  }
  deps.jobs.kick();
}

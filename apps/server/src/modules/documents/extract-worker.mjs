// Runs in a worker thread so a 200-page PDF never blocks the server's event loop.
// Plain JavaScript on purpose: worker threads load this file without the TypeScript loader.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

// A thread of its own is not enough on a small machine: with two cores, the extraction thread, the
// event loop and the database compete, and requests waited (list p95 ×4 during a 200-page PDF in the
// benchmark). On Linux a thread has its own nice value: this one yields to the event loop. Elsewhere,
// or if not permitted, it keeps the normal priority.
try {
  const thread = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(thread) && thread > 0) os.setPriority(thread, 19);
} catch {
  // not Linux, or not allowed: normal priority
}

/** A refusal the user may read (stored as the version's text_error), as opposed to a parser's own error. */
class LimitError extends Error {}

/**
 * Proves a DOCX (a ZIP) is not a bomb before mammoth unpacks it whole into memory: at most `maxEntries`
 * entries, and at most `maxUnpackedBytes` once inflated, counted by inflating each entry here with a hard
 * output cap (the sizes a ZIP declares may lie). Inflating twice costs little next to the parsing.
 */
function checkZip(buffer, { maxEntries, maxUnpackedBytes }) {
  // The end-of-central-directory record: within the last 64 KiB + 22 bytes (its comment may be that long).
  let end = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i -= 1) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new LimitError('The file is not a valid DOCX (ZIP) file.');
  const entries = buffer.readUInt16LE(end + 10);
  // 0xffff marks ZIP64, which only archives with more entries than any document needs use.
  if (entries > maxEntries || entries === 0xffff) throw new LimitError(`The file has too many parts (more than ${maxEntries}).`);
  let offset = buffer.readUInt32LE(end + 16);
  let unpacked = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) throw new LimitError('The file is not a valid DOCX (ZIP) file.');
    const method = buffer.readUInt16LE(offset + 10);
    const compressed = buffer.readUInt32LE(offset + 20);
    const local = buffer.readUInt32LE(offset + 42);
    offset += 46 + buffer.readUInt16LE(offset + 28) + buffer.readUInt16LE(offset + 30) + buffer.readUInt16LE(offset + 32);
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw new LimitError('The file is not a valid DOCX (ZIP) file.');
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + compressed);
    const budget = maxUnpackedBytes - unpacked;
    let size = data.length;
    if (method === 8) {
      try {
        size = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, budget + 1) }).length;
      } catch (error) {
        if (error?.code === 'ERR_BUFFER_TOO_LARGE') size = budget + 1;
        else throw new LimitError('The file is not a valid DOCX (ZIP) file.');
      }
    }
    unpacked += size;
    if (unpacked > maxUnpackedBytes) throw new LimitError(`The file unpacks to more than ${Math.round(maxUnpackedBytes / 1024 / 1024)} MB.`);
  }
}

async function extract({ mime, bytes, limits }) {
  const buffer = Buffer.from(bytes);
  if (mime === 'application/pdf') {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(buffer));
    // Reading a page costs time and memory whatever it holds: a file of thousands of (empty) pages is refused.
    if (pdf.numPages > limits.maxPdfPages) throw new LimitError(`The PDF has more than ${limits.maxPdfPages} pages.`);
    const { text } = await extractText(pdf, { mergePages: true });
    return Array.isArray(text) ? text.join('\n') : text;
  }
  if (mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') {
    checkZip(buffer, limits);
    const mammoth = await import('mammoth');
    const { value } = await (mammoth.default ?? mammoth).extractRawText({ buffer });
    return value;
  }
  return new TextDecoder('utf-8').decode(buffer);
}

extract(workerData).then(
  (text) => parentPort.postMessage({ ok: true, text }),
  (error) => parentPort.postMessage({ ok: false, error: String(error?.message ?? error), limit: error instanceof LimitError }),
);

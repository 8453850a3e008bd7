// What the worker threads that read uploaded files share: a lower thread priority and the ZIP bomb check.
// Plain JavaScript on purpose: worker threads load their files without the TypeScript loader.
import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';

/**
 * A thread of its own is not enough on a small machine: with two cores, the parsing thread, the event loop
 * and the database compete, and requests waited (list p95 ×4 during a 200-page PDF in the benchmark). On
 * Linux a thread has its own nice value: the calling thread yields to the event loop. Elsewhere, or if not
 * permitted, it keeps the normal priority.
 */
export function yieldToEventLoop() {
  try {
    const thread = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread) && thread > 0) os.setPriority(thread, 19);
  } catch {
    // not Linux, or not allowed: normal priority
  }
}

/** A refusal the user may read, as opposed to a parser's own error. `tooLarge`: the file is over a size limit. */
export class LimitError extends Error {
  constructor(message, { tooLarge = false } = {}) {
    super(message);
    this.tooLarge = tooLarge;
  }
}

/** The bytes raw-deflated `data` inflates to, or the first count past `budget` (inflating stops there). */
function inflatedSize(data, budget) {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/**
 * Proves a ZIP (DOCX, XLSX) is not a bomb before a parser unpacks it: at most `maxEntries` entries, and at
 * most `maxUnpackedBytes` once inflated, counted by inflating each entry here with a hard output cap (the
 * sizes a ZIP declares may lie; the output is counted as it streams, never held). Inflating twice costs little next to the parsing. `kind` names the format
 * in the messages. Returns the entries (name, offset of the local header) and where the central directory starts.
 */
export async function checkZip(buffer, { maxEntries, maxUnpackedBytes }, kind) {
  const notZip = () => new LimitError(`The file is not a valid ${kind} (ZIP) file.`);
  // The end-of-central-directory record: within the last 64 KiB + 22 bytes (its comment may be that long).
  let end = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i -= 1) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notZip();
  const entries = buffer.readUInt16LE(end + 10);
  // 0xffff marks ZIP64, which only archives with more entries than any document needs use.
  if (entries > maxEntries || entries === 0xffff)
    throw new LimitError(`The file has too many parts (more than ${maxEntries}).`, { tooLarge: true });
  let offset = buffer.readUInt32LE(end + 16);
  const directory = offset;
  const found = [];
  let unpacked = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) throw notZip();
    const method = buffer.readUInt16LE(offset + 10);
    const compressed = buffer.readUInt32LE(offset + 20);
    const local = buffer.readUInt32LE(offset + 42);
    found.push({
      name: buffer.toString('utf8', offset + 46, offset + 46 + buffer.readUInt16LE(offset + 28)),
      local,
    });
    offset +=
      46 +
      buffer.readUInt16LE(offset + 28) +
      buffer.readUInt16LE(offset + 30) +
      buffer.readUInt16LE(offset + 32);
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw notZip();
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + compressed);
    const budget = maxUnpackedBytes - unpacked;
    unpacked +=
      method === 8 ? await inflatedSize(data, budget).catch(() => Promise.reject(notZip())) : data.length;
    if (unpacked > maxUnpackedBytes)
      throw new LimitError(
        `The file unpacks to more than ${Math.round(maxUnpackedBytes / 1024 / 1024)} MB.`,
        { tooLarge: true },
      );
  }
  return { entries: found, directory };
}

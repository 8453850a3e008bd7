// Runs in a worker thread so a 200-page PDF never blocks the server's event loop.
// Plain JavaScript on purpose: worker threads load this file without the TypeScript loader.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

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

async function extract({ mime, bytes }) {
  const buffer = Buffer.from(bytes);
  if (mime === 'application/pdf') {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(buffer));
    const { text } = await extractText(pdf, { mergePages: true });
    return Array.isArray(text) ? text.join('\n') : text;
  }
  if (mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') {
    const mammoth = await import('mammoth');
    const { value } = await (mammoth.default ?? mammoth).extractRawText({ buffer });
    return value;
  }
  return new TextDecoder('utf-8').decode(buffer);
}

extract(workerData).then(
  (text) => parentPort.postMessage({ ok: true, text }),
  (error) => parentPort.postMessage({ ok: false, error: String(error?.message ?? error) }),
);

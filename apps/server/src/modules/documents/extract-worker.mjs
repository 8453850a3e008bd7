// Runs in a worker thread so a 200-page PDF never blocks the server's event loop.
// Plain JavaScript on purpose: worker threads load this file without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { LimitError, checkZip, yieldToEventLoop } from '../../platform/worker-limits.mjs';

yieldToEventLoop();

async function extract({ mime, bytes, limits }) {
  const buffer = Buffer.from(bytes);
  if (mime === 'application/pdf') {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(buffer));
    // Reading a page costs time and memory whatever it holds: a file of thousands of (empty) pages is refused.
    if (pdf.numPages > limits.maxPdfPages)
      throw new LimitError(`The PDF has more than ${limits.maxPdfPages} pages.`);
    const { text } = await extractText(pdf, { mergePages: true });
    return Array.isArray(text) ? text.join('\n') : text;
  }
  if (mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document') {
    await checkZip(buffer, limits, 'DOCX');
    const mammoth = await import('mammoth');
    const { value } = await (mammoth.default ?? mammoth).extractRawText({ buffer });
    return value;
  }
  return new TextDecoder('utf-8').decode(buffer);
}

extract(workerData).then(
  (text) => parentPort.postMessage({ ok: true, text }),
  (error) =>
    parentPort.postMessage({
      ok: false,
      error: String(error?.message ?? error),
      limit: error instanceof LimitError,
    }),
);

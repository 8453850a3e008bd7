import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createStorage, localStorage, s3Storage } from './storage';
import { fakeS3 } from '../../test/fake-s3';

async function text(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

describe('S3 storage driver', () => {
  it('puts, reads and deletes objects by key in its bucket, path-style', async () => {
    const s3 = fakeS3();
    const storage = s3Storage(() => s3.client, 'storekeep-files');
    await storage.put('doc_abc', Readable.from([Buffer.from('hello '), Buffer.from('world')]), 'text/plain');
    expect(s3.seen[0]).toMatchObject({ method: 'PUT', path: '/storekeep-files/doc_abc' });
    expect(s3.objects.get('/storekeep-files/doc_abc')?.toString()).toBe('hello world');
    expect(await text(await storage.read('doc_abc'))).toBe('hello world');
    await storage.delete('doc_abc');
    expect(s3.objects.size).toBe(0);
  });

  it('presigns a download link that expires and carries the safe headers', async () => {
    const { client } = fakeS3();
    const storage = s3Storage(() => client, 'storekeep-files');
    const url = new URL(
      await storage.presign!('doc_abc', {
        expiresIn: 300,
        contentType: 'application/pdf',
        disposition: 'inline; filename="a.pdf"',
      }),
    );
    expect(url.origin + url.pathname).toBe('http://s3.local:9000/storekeep-files/doc_abc');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('response-content-disposition')).toBe('inline; filename="a.pdf"');
  });

  it('is what STORAGE_DRIVER=s3 makes, its client built from the S3 settings on first use', async () => {
    const storage = createStorage(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'team-files',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(storage.driver).toBe('s3');
    const url = new URL(
      await storage.presign!('doc_xyz', { expiresIn: 60, contentType: 'text/plain', disposition: 'inline' }),
    );
    expect(url.origin + url.pathname).toBe('http://minio.internal:9000/team-files/doc_xyz');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/,
    );
  });
});

describe('local storage driver', () => {
  it('leaves nothing under the key when the incoming stream fails half way', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    const storage = localStorage(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000, 1));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('doc_partial', failing)).rejects.toThrow('connection reset');
    expect(
      fs
        .readdirSync(root, { recursive: true })
        .filter((f) => !fs.statSync(path.join(root, String(f))).isDirectory()),
    ).toEqual([]);
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });
});

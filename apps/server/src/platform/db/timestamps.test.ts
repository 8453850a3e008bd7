import { describe, expect, it } from 'vitest';
import { isoOfUtcText } from './index';

/** What the parser gave before the fast path, and still gives for anything it does not recognise. */
const viaDate = (text: string, suffix: '+00' | '') => new Date(suffix ? text : `${text}Z`).toISOString();

describe('PostgreSQL time text read as ISO', () => {
  it('matches Date for UTC times of every precision PostgreSQL sends', () => {
    const samples = [
      '2026-12-02 18:25:08',
      '2026-12-02 18:25:08.1',
      '2026-12-02 18:25:08.12',
      '2026-12-02 18:25:08.123',
      '2026-12-02 18:25:08.123456',
      '2026-12-02 18:25:08.999999',
      '2024-02-29 23:59:59.000001',
      '9999-12-31 23:59:59.999',
    ];
    for (let i = 0; i < 500; i += 1) {
      const at = new Date(Date.UTC(1970, 0, 1) + Math.floor(Math.random() * 2e12));
      const micros = String(Math.floor(Math.random() * 1e6))
        .padStart(6, '0')
        .replace(/0+$/, '');
      samples.push(`${at.toISOString().slice(0, 19).replace('T', ' ')}${micros ? `.${micros}` : ''}`);
    }
    for (const text of samples) {
      expect(isoOfUtcText(`${text}+00`, '+00')).toBe(viaDate(`${text}+00`, '+00'));
      expect(isoOfUtcText(text, '')).toBe(viaDate(text, ''));
    }
  });

  it('keeps a year before 1000 as PostgreSQL wrote it (Date read 0099 as 1999)', () => {
    expect(isoOfUtcText('0099-01-01 00:00:00+00', '+00')).toBe('0099-01-01T00:00:00.000Z');
  });

  it('leaves other zones, eras and infinities to Date', () => {
    for (const text of [
      '2026-12-02 19:25:08.5+01',
      '2026-12-02 18:25:08+05:30',
      '0044-03-15 12:00:00+00 BC',
      '12026-01-01 00:00:00+00',
      'infinity',
    ])
      expect(isoOfUtcText(text, '+00')).toBeNull();
    // A timestamp without a zone is not read as one with it, nor the other way round.
    expect(isoOfUtcText('2026-12-02 18:25:08', '+00')).toBeNull();
    expect(isoOfUtcText('2026-12-02 18:25:08+00', '')).toBeNull();
  });
});

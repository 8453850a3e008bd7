import { describe, expect, it } from 'vitest';
import type { AgreementTerritory } from '@storekeep/contracts';
import { differsFromContract, initialRadius } from './territory-values';

const radius = (value: number, unit: 'mi' | 'km'): AgreementTerritory['territory'] => ({
  kind: 'radius',
  center: { lat: 40.7, lng: -74 },
  radius: value,
  radius_unit: unit,
  points: [],
  updated_at: '2026-01-01T00:00:00Z',
});

describe('the contract radius beside the mapped territory', () => {
  it('starts the form from the mapped radius, else from the contract’s radius in miles', () => {
    expect(initialRadius(radius(8, 'km'), 5)).toEqual({ radius: '8', unit: 'km' });
    expect(initialRadius(null, 5)).toEqual({ radius: '5', unit: 'mi' });
    expect(initialRadius(null, null)).toEqual({ radius: '', unit: 'mi' });
  });

  it('says when the mapped radius is not the contract’s, whatever its unit', () => {
    expect(differsFromContract(radius(5, 'mi'), 5)).toBe(false);
    // 8.04672 km is 5 miles exactly (1 mi = 1,609.344 m).
    expect(differsFromContract(radius(8.04672, 'km'), 5)).toBe(false);
    expect(differsFromContract(radius(8, 'km'), 5)).toBe(true);
    expect(differsFromContract(radius(6, 'mi'), 5)).toBe(true);
    expect(differsFromContract(radius(6, 'mi'), null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { checkPolygon, EARTH_RADIUS_KM, haversineMeters, shapesOverlap, toMeters, type LatLng } from './geo';

const square = (lat: number, lng: number, half: number): LatLng[] => [
  { lat: lat - half, lng: lng - half },
  { lat: lat - half, lng: lng + half },
  { lat: lat + half, lng: lng + half },
  { lat: lat + half, lng: lng - half },
];

describe('haversine distance', () => {
  it('matches the published Nashville (BNA) to Los Angeles (LAX) example', () => {
    // Rosetta Code, "Haversine formula": BNA (36.12, -86.67) to LAX (33.94, -118.40) is
    // 2886.444442837983 km on a sphere of radius 6371 km (and 2887.2599506071106 km with 6372.8 km).
    const bna = { lat: 36.12, lng: -86.67 };
    const lax = { lat: 33.94, lng: -118.4 };
    expect(haversineMeters(bna, lax, 6371) / 1000).toBeCloseTo(2886.444442837983, 6);
    expect(haversineMeters(bna, lax, 6372.8) / 1000).toBeCloseTo(2887.2599506071106, 6);
    // The default is the IUGG mean radius: the same arc, scaled.
    expect(haversineMeters(bna, lax) / 1000).toBeCloseTo((2886.444442837983 * EARTH_RADIUS_KM) / 6371, 6);
  });

  it('converts miles and kilometres exactly', () => {
    expect(toMeters(5, 'mi')).toBe(8046.72);
    expect(toMeters(5, 'km')).toBe(5000);
  });
});

describe('overlaps', () => {
  // One degree of latitude is about 111.2 km on this sphere.
  const degree = (EARTH_RADIUS_KM * 1000 * Math.PI) / 180;

  it('compares circles by centre distance against the sum of the radii, touching included', () => {
    const a = { kind: 'circle', center: { lat: 40, lng: -75 }, radiusMeters: degree / 2 } as const;
    const tangent = { ...a, center: { lat: 41, lng: -75 } };
    const apart = { ...a, center: { lat: 41.001, lng: -75 } };
    expect(shapesOverlap(a, tangent)).toBe(true);
    expect(shapesOverlap(a, apart)).toBe(false);
  });

  it('finds a circle inside, across and beside a polygon', () => {
    const polygon = { kind: 'polygon', points: square(40, -75, 0.1) } as const;
    const circle = (lat: number, lng: number, radiusMeters: number) =>
      ({ kind: 'circle', center: { lat, lng }, radiusMeters }) as const;
    expect(shapesOverlap(circle(40, -75, 10), polygon)).toBe(true);
    expect(shapesOverlap(polygon, circle(40, -74.85, 10_000))).toBe(true);
    expect(shapesOverlap(circle(40, -74.7, 10_000), polygon)).toBe(false);
    // A circle around the whole polygon.
    expect(shapesOverlap(circle(40, -75, 100_000), polygon)).toBe(true);
  });

  it('finds polygons that cross, contain or share a border, and not ones apart', () => {
    const a = { kind: 'polygon', points: square(40, -75, 0.1) } as const;
    expect(shapesOverlap(a, { kind: 'polygon', points: square(40.15, -74.95, 0.1) })).toBe(true);
    expect(shapesOverlap(a, { kind: 'polygon', points: square(40, -75, 0.01) })).toBe(true);
    expect(shapesOverlap({ kind: 'polygon', points: square(40, -75, 0.01) }, a)).toBe(true);
    const neighbour = [
      { lat: 39.9, lng: -74.9 },
      { lat: 39.9, lng: -74.7 },
      { lat: 40.1, lng: -74.7 },
      { lat: 40.1, lng: -74.9 },
    ];
    expect(a.points[1]).toEqual(neighbour[0]);
    expect(shapesOverlap(a, { kind: 'polygon', points: neighbour })).toBe(true);
    expect(shapesOverlap(a, { kind: 'polygon', points: square(40, -74.7, 0.1) })).toBe(false);
    expect(shapesOverlap(a, { kind: 'polygon', points: square(-33, 151, 0.1) })).toBe(false);
  });

  it('works across the antimeridian', () => {
    const east = { kind: 'polygon', points: square(-17, 179.95, 0.1) } as const;
    const west = { kind: 'polygon', points: square(-17, -179.95, 0.1) } as const;
    expect(shapesOverlap(east, west)).toBe(true);
    expect(
      shapesOverlap({ kind: 'circle', center: { lat: -17, lng: -179.99 }, radiusMeters: 1000 }, east),
    ).toBe(true);
  });
});

describe('polygon checks', () => {
  it('accepts open and closed rings and drops the closing point', () => {
    const ring = square(40, -75, 0.1);
    expect(checkPolygon(ring)).toEqual({ points: ring, error: null });
    expect(checkPolygon([...ring, ring[0]!])).toEqual({ points: ring, error: null });
  });

  it('refuses too few points, no area, crossing sides, too many points and too wide rings', () => {
    const [a, b, c, d] = square(40, -75, 0.1) as [LatLng, LatLng, LatLng, LatLng];
    expect(checkPolygon([a, b, a]).error).toMatch(/at least 3 distinct/);
    expect(checkPolygon([]).error).toMatch(/at least 3 distinct/);
    expect(
      checkPolygon([
        { lat: 39.9, lng: -75 },
        { lat: 40, lng: -75 },
        { lat: 40.1, lng: -75 },
      ]).error,
    ).toMatch(/enclose an area/);
    expect(checkPolygon([a, c, b, d]).error).toMatch(/may not cross/);
    const many = Array.from({ length: 501 }, (_, i) => ({
      lat: 40 + 0.1 * Math.sin((2 * Math.PI * i) / 501),
      lng: -75 + 0.1 * Math.cos((2 * Math.PI * i) / 501),
    }));
    expect(checkPolygon(many).error).toMatch(/at most 500/);
    expect(checkPolygon(many.slice(0, 500)).error).toBeNull();
    expect(checkPolygon([a, b, { lat: 60, lng: 10 }]).error).toMatch(/within 2,000 km/);
  });
});

/**
 * Distances and overlaps of territories on the Earth, pure so that the server's overlap flags and the web's
 * figures are the same arithmetic. Conventions (decision 0028):
 * - distances are great-circle distances (haversine) on a sphere of the IUGG mean Earth radius;
 * - a circle and a polygon, or two polygons, are compared in an azimuthal equidistant projection centred on
 *   the circle's centre (or the first polygon's first vertex): distances from that centre are exact, edges
 *   are straight lines between projected vertices, which is close for territories up to MAX_TERRITORY_KM across;
 * - shapes that only touch (a shared border, circles exactly tangent) count as overlapping.
 */

/** The IUGG mean Earth radius R1 = (2a + b) / 3, in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;
export const METERS_PER_MILE = 1609.344;
export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
/** A polygon's vertices all lie within this many kilometres of its first one; a circle's radius is at most half. */
export const MAX_TERRITORY_KM = 2000;
export const MAX_POLYGON_VERTICES = 500;

export type LatLng = { lat: number; lng: number };
export type Shape =
  { kind: 'circle'; center: LatLng; radiusMeters: number } | { kind: 'polygon'; points: LatLng[] };

const rad = (deg: number) => (deg * Math.PI) / 180;

export const toMeters = (value: number, unit: DistanceUnit) =>
  unit === 'mi' ? value * METERS_PER_MILE : value * 1000;

/** Great-circle distance in metres by the haversine formula; `radiusKm` only for checks against published figures. */
export function haversineMeters(a: LatLng, b: LatLng, radiusKm = EARTH_RADIUS_KM): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * radiusKm * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Point = { x: number; y: number };

/** Azimuthal equidistant projection about `origin`, in metres. */
function project(origin: LatLng, p: LatLng): Point {
  const d = haversineMeters(origin, p);
  const φ1 = rad(origin.lat);
  const φ2 = rad(p.lat);
  const Δλ = rad(p.lng - origin.lng);
  const θ = Math.atan2(
    Math.sin(Δλ) * Math.cos(φ2),
    Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ),
  );
  return { x: d * Math.sin(θ), y: d * Math.cos(θ) };
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
const onSegment = (p: Point, a: Point, b: Point) =>
  Math.min(a.x, b.x) <= p.x &&
  p.x <= Math.max(a.x, b.x) &&
  Math.min(a.y, b.y) <= p.y &&
  p.y <= Math.max(a.y, b.y);

/** Whether segments ab and cd meet, touching included. */
function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(a, c, d)) ||
    (d2 === 0 && onSegment(b, c, d)) ||
    (d3 === 0 && onSegment(c, a, b)) ||
    (d4 === 0 && onSegment(d, a, b))
  );
}

/** Even-odd rule; a point on the border may go either way, which the edge tests around it cover. */
function inside(p: Point, ring: Point[]): boolean {
  let isInside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x)
      isInside = !isInside;
  }
  return isInside;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

const edges = (ring: Point[]) => ring.map((p, i) => [p, ring[(i + 1) % ring.length]!] as const);

function ringsMeet(a: Point[], b: Point[]): boolean {
  if (inside(a[0]!, b) || inside(b[0]!, a)) return true;
  const bEdges = edges(b);
  return edges(a).some(([p, q]) => bEdges.some(([r, s]) => segmentsMeet(p, q, r, s)));
}

function circleMeetsPolygon(center: LatLng, radiusMeters: number, points: LatLng[]): boolean {
  const ring = points.map((p) => project(center, p));
  const origin = { x: 0, y: 0 };
  return (
    inside(origin, ring) || edges(ring).some(([a, b]) => distanceToSegment(origin, a, b) <= radiusMeters)
  );
}

/** Whether two territories share any ground, borders included. */
export function shapesOverlap(a: Shape, b: Shape): boolean {
  if (a.kind === 'circle' && b.kind === 'circle')
    return haversineMeters(a.center, b.center) <= a.radiusMeters + b.radiusMeters;
  if (a.kind === 'circle' && b.kind === 'polygon')
    return circleMeetsPolygon(a.center, a.radiusMeters, b.points);
  if (a.kind === 'polygon' && b.kind === 'circle')
    return circleMeetsPolygon(b.center, b.radiusMeters, a.points);
  if (a.kind === 'polygon' && b.kind === 'polygon') {
    // Far apart shapes are settled by distance alone, before any projection.
    const reachA = Math.max(...a.points.map((p) => haversineMeters(a.points[0]!, p)));
    const reachB = Math.max(...b.points.map((p) => haversineMeters(b.points[0]!, p)));
    if (haversineMeters(a.points[0]!, b.points[0]!) > reachA + reachB) return false;
    const origin = a.points[0]!;
    return ringsMeet(
      a.points.map((p) => project(origin, p)),
      b.points.map((p) => project(origin, p)),
    );
  }
  return false;
}

/**
 * Drops a closing vertex equal to the first and reports what makes a ring unusable as a territory: fewer than
 * three distinct vertices, more than MAX_POLYGON_VERTICES, too wide, no area, or edges that cross each other.
 */
export function checkPolygon(points: LatLng[]): { points: LatLng[]; error: string | null } {
  const open =
    points.length > 1 && points[0]!.lat === points.at(-1)!.lat && points[0]!.lng === points.at(-1)!.lng
      ? points.slice(0, -1)
      : points;
  const fail = (error: string) => ({ points: open, error });
  if (new Set(open.map((p) => `${p.lat},${p.lng}`)).size < 3)
    return fail('A polygon needs at least 3 distinct points.');
  if (open.length > MAX_POLYGON_VERTICES)
    return fail(`A polygon may have at most ${MAX_POLYGON_VERTICES} points.`);
  if (open.some((p) => haversineMeters(open[0]!, p) > MAX_TERRITORY_KM * 1000))
    return fail(`Every point must lie within ${MAX_TERRITORY_KM.toLocaleString('en-US')} km of the first.`);
  const ring = open.map((p) => project(open[0]!, p));
  const area =
    ring.reduce((sum, p, i) => sum + cross({ x: 0, y: 0 }, p, ring[(i + 1) % ring.length]!), 0) / 2;
  if (Math.abs(area) < 1) return fail('A polygon must enclose an area.');
  const sides = edges(ring);
  for (let i = 0; i < sides.length; i++)
    for (let j = i + 2; j < sides.length; j++) {
      // The first and last sides share the first vertex.
      if (i === 0 && j === sides.length - 1) continue;
      if (segmentsMeet(sides[i]![0], sides[i]![1], sides[j]![0], sides[j]![1]))
        return fail('The polygon’s sides may not cross each other.');
    }
  return { points: open, error: null };
}

import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { toMeters, type Territory } from '@storekeep/contracts';

/** A preview of one territory on a Leaflet map (loaded lazily, like the dashboard's store map). */
export default function TerritoryMap({ territory, label }: { territory: Territory; label: string }) {
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!node.current) return;
    const map = L.map(node.current, { scrollWheelZoom: false, attributionControl: true });
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 18,
      attribution: '© OpenStreetMap',
    }).addTo(map);
    const style = { color: '#2563eb', weight: 2, fillOpacity: 0.15 };
    const radius =
      territory.kind === 'radius' && territory.center && territory.radius !== null
        ? { center: territory.center, meters: toMeters(territory.radius, territory.radius_unit) }
        : null;
    // A circle's own getBounds needs a map view first; the bounds of its centre's square do not.
    const layer = radius
      ? L.circle([radius.center.lat, radius.center.lng], { ...style, radius: radius.meters })
      : L.polygon(
          territory.points.map((p) => [p.lat, p.lng] as L.LatLngTuple),
          style,
        );
    layer.addTo(map);
    const bounds = radius
      ? L.latLng(radius.center.lat, radius.center.lng).toBounds(radius.meters * 2)
      : (layer as L.Polygon).getBounds();
    map.fitBounds(bounds, { padding: [16, 16] });
    return () => {
      map.remove();
    };
  }, [territory]);
  return (
    <div
      ref={node}
      role="region"
      aria-label={label}
      className="h-64 w-full rounded-lg bg-slate-100 ring-1 ring-gray-900/5 sm:h-80 dark:bg-slate-800"
    />
  );
}

import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

export type DrawPoint = { lat: number; lng: number };

// Without any point yet the map opens on the contiguous United States.
const START: L.LatLngTuple = [39.8283, -98.5795];

/**
 * Draws a polygon on a Leaflet map with Leaflet's own API: a click on the map adds a vertex, a vertex is
 * dragged to move it and clicked to remove it. The ring is always shown closed (the API stores it without
 * the closing repeat). The coordinates text beside it is the keyboard way to the same points.
 */
export default function PolygonDrawMap({
  points,
  onChange,
  label,
  vertexLabel,
}: {
  points: DrawPoint[];
  onChange: (points: DrawPoint[]) => void;
  label: string;
  vertexLabel: (index: number) => string;
}) {
  const node = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  // The handlers read the latest points and callback without re-registering on every change.
  const latest = useRef({ points, onChange });
  useEffect(() => {
    latest.current = { points, onChange };
  });

  useEffect(() => {
    if (!node.current) return;
    const created = L.map(node.current, { scrollWheelZoom: false, doubleClickZoom: false });
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 18,
      attribution: '© OpenStreetMap',
    }).addTo(created);
    const initial = latest.current.points;
    if (initial.length >= 2)
      created.fitBounds(L.latLngBounds(initial.map((p) => [p.lat, p.lng])), { padding: [24, 24] });
    else created.setView(initial[0] ? [initial[0].lat, initial[0].lng] : START, initial[0] ? 10 : 4);
    created.on('click', (event: L.LeafletMouseEvent) => {
      const { lat, lng } = event.latlng.wrap();
      const round = (value: number) => Math.round(value * 1e6) / 1e6;
      latest.current.onChange([...latest.current.points, { lat: round(lat), lng: round(lng) }]);
    });
    layers.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const group = layers.current;
    if (!group) return;
    group.clearLayers();
    const style = { color: '#2563eb', weight: 2, fillOpacity: 0.15 };
    const path = points.map((p) => [p.lat, p.lng] as L.LatLngTuple);
    if (points.length >= 3) L.polygon(path, style).addTo(group);
    else if (points.length === 2) L.polyline(path, style).addTo(group);
    points.forEach((point, index) => {
      const marker = L.marker([point.lat, point.lng], {
        draggable: true,
        keyboard: false,
        title: vertexLabel(index),
        // A 44 px target around a small visible square, so a finger can take hold of it.
        icon: L.divIcon({
          className: 'flex items-center justify-center',
          html: '<span class="block size-3.5 border-2 border-blue-600 bg-white"></span>',
          iconSize: [44, 44],
        }),
      });
      marker.on('dragend', () => {
        const { lat, lng } = marker.getLatLng().wrap();
        const round = (value: number) => Math.round(value * 1e6) / 1e6;
        const next = [...latest.current.points];
        next[index] = { lat: round(lat), lng: round(lng) };
        latest.current.onChange(next);
      });
      marker.on('click', () =>
        latest.current.onChange(latest.current.points.filter((_, other) => other !== index)),
      );
      marker.addTo(group);
    });
  }, [points, vertexLabel]);

  return (
    <div
      ref={node}
      role="region"
      aria-label={label}
      data-testid="territory-draw-map"
      className="h-72 w-full cursor-crosshair rounded-lg bg-slate-100 ring-1 ring-gray-900/5 sm:h-96 dark:bg-slate-800"
    />
  );
}

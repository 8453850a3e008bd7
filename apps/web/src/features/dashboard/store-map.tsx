import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Store } from '@storekeep/contracts';

/**
 * The team's stores on a Leaflet map (this module is loaded lazily, so leaflet stays out of the first
 * bundle). Tiles come from OpenStreetMap when reachable; offline the plain background still shows the
 * circle markers.
 */
export default function StoreMap({ stores }: { stores: Store[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const node = useRef<HTMLDivElement>(null);
  const located = useMemo(() => stores.filter((store) => store.latitude !== null && store.longitude !== null), [stores]);

  useEffect(() => {
    if (!node.current || located.length === 0) return;
    const map = L.map(node.current, { scrollWheelZoom: false, attributionControl: true });
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { maxZoom: 18, attribution: '© OpenStreetMap' }).addTo(map);
    const points: L.LatLngTuple[] = [];
    for (const store of located) {
      const point: L.LatLngTuple = [Number(store.latitude), Number(store.longitude)];
      points.push(point);
      L.circleMarker(point, { radius: 7, color: '#1d4ed8', weight: 2, fillColor: '#3b82f6', fillOpacity: 0.8 })
        .bindTooltip(store.name)
        .on('click', () => navigate(`/stores/${store.id}`))
        .addTo(map);
    }
    map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 12 });
    return () => {
      map.remove();
    };
  }, [located, navigate]);

  if (located.length === 0) return <p className="text-sm text-gray-500 dark:text-gray-400">{t('dashboardExtra.noCoordinates')}</p>;
  return <div ref={node} role="region" aria-label={t('dashboardExtra.mapLabel', { count: located.length })} className="h-80 w-full rounded-lg bg-slate-100 ring-1 ring-gray-900/5 sm:h-96 dark:bg-slate-800" />;
}

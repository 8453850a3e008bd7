import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DashboardMapStore } from '@storekeep/contracts';
import { formatDay } from '../../lib/format';
import { BUCKET_COLORS, bucketOf } from './deadline-colors';

/**
 * The team's stores on a Leaflet map (this module is loaded lazily, so leaflet stays out of the first
 * bundle), each marker coloured by the store's nearest open deadline. Tiles come from OpenStreetMap when
 * reachable; offline the plain background still shows the circle markers.
 */
export default function StoreMap({ stores }: { stores: DashboardMapStore[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const node = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!node.current || stores.length === 0) return;
    const map = L.map(node.current, { scrollWheelZoom: false, attributionControl: true });
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 18,
      attribution: '© OpenStreetMap',
    }).addTo(map);
    const points: L.LatLngTuple[] = [];
    // Least urgent first, so the red markers are drawn on top where stores overlap.
    for (const store of [...stores].reverse()) {
      const point: L.LatLngTuple = [store.latitude, store.longitude];
      points.push(point);
      const colors = BUCKET_COLORS[bucketOf(store.next_deadline)];
      // An element, not a string: Leaflet puts a string tooltip in innerHTML, and store names are user text.
      const tooltip = document.createElement('span');
      tooltip.textContent = store.next_deadline
        ? `${store.name} · ${formatDay(store.next_deadline)}`
        : store.name;
      L.circleMarker(point, {
        radius: 8,
        color: colors.stroke,
        weight: 2,
        fillColor: colors.fill,
        fillOpacity: 0.9,
      })
        .bindTooltip(tooltip)
        .on('click', () => navigate(`/stores/${store.id}`))
        .addTo(map);
    }
    map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 12 });
    return () => {
      map.remove();
    };
  }, [stores, navigate]);

  if (stores.length === 0)
    return <p className="text-sm text-gray-500 dark:text-gray-400">{t('dashboardExtra.noCoordinates')}</p>;
  return (
    <div
      ref={node}
      role="region"
      aria-label={t('dashboardExtra.mapLabel', { count: stores.length })}
      className="h-80 w-full rounded-lg bg-slate-100 ring-1 ring-gray-900/5 sm:h-96 dark:bg-slate-800"
    />
  );
}

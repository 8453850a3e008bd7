import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  DISTANCE_UNITS,
  TERRITORY_KINDS,
  type Agreement,
  type AgreementTerritory,
  type TerritoryKind,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  Select,
  Skeleton,
  Textarea,
  TextInput,
} from '../../components/ui';
import { can } from '../auth/permissions';
import { apiFieldErrors, type FieldMessages } from '../../lib/form-errors';
import { differsFromContract, initialRadius } from './territory-values';

const TerritoryMap = lazy(() => import('./territory-map'));
const PolygonDrawMap = lazy(() => import('./polygon-draw-map'));

const pointsAsText = (points: { lat: number; lng: number }[]) =>
  points.map((p) => `${p.lat}, ${p.lng}`).join('\n');

const url = (agreementId: number) => `/agreements/${agreementId}/territory`;
const earth = (km: number) => km.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** "lat, lng" lines as points; the first line that is not one is reported. */
export function parsePoints(text: string): {
  points: { lat: number; lng: number }[];
  badLine: number | null;
} {
  const points: { lat: number; lng: number }[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const parts = line.split(/[,;\s]+/).filter(Boolean);
    const [lat, lng] = parts.map(Number);
    if (parts.length !== 2 || !Number.isFinite(lat) || !Number.isFinite(lng))
      return { points, badLine: index + 1 };
    points.push({ lat: lat!, lng: lng! });
  }
  return { points, badLine: null };
}

/** The agreement page's Territory section: the shape with its convention, overlap warnings and the editor. */
export default function TerritoryPanel({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const territory = useQuery({
    queryKey: queryKeys.agreementTerritory(agreement.id),
    queryFn: ({ signal }) =>
      api.get<{ data: AgreementTerritory }>(url(agreement.id), { signal }).then((body) => body.data),
  });
  let body;
  if (territory.isError)
    body = (
      <Alert type="error" title={t('territory.loadFailed')}>
        {t('camTab.tryAgain')}
      </Alert>
    );
  else if (territory.isPending) body = <Skeleton className="h-40 w-full" />;
  else
    body = (
      <TerritoryBody
        key={territory.dataUpdatedAt}
        agreementId={agreement.id}
        contractMiles={agreement.territory_radius_miles}
        data={territory.data}
      />
    );
  return (
    <Card id="territory" title={t('territory.title')} description={t('territory.intro')}>
      {body}
    </Card>
  );
}

type BodyProps = { agreementId: number; contractMiles: number | null; data: AgreementTerritory };

function TerritoryBody({ agreementId, contractMiles, data }: BodyProps) {
  const { t } = useTranslation();
  const shape = data.territory;
  return (
    <div className="space-y-4">
      {data.overlaps.length > 0 && (
        <Alert type="warning" title={t('territory.overlapTitle')}>
          <ul className="list-disc space-y-1 pl-5">
            {data.overlaps.map((o) => (
              <li key={o.agreement_id}>
                <Link to={`/agreements/${o.agreement_id}`} className="underline">
                  {t('territory.overlapItem', {
                    number: o.agreement_number ?? `#${o.agreement_id}`,
                    franchisee: o.franchisee ? ` · ${o.franchisee.name}` : '',
                    exclusive: o.exclusive ? t('territory.overlapExclusive') : '',
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {data.exclusive ? t('territory.exclusive') : t('territory.notExclusive')}
      </p>
      {contractMiles !== null && (
        <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="territory-contract-radius">
          {t('territory.contractRadius', { radius: contractMiles })}
          {differsFromContract(shape, contractMiles) && ` ${t('territory.contractDiffers')}`}
        </p>
      )}
      {shape ? (
        <>
          <p className="text-sm font-medium text-gray-900 dark:text-white" data-testid="territory-figure">
            {shape.kind === 'radius' && shape.center
              ? t('territory.radiusFigure', {
                  radius: shape.radius,
                  unit: shape.radius_unit,
                  lat: shape.center.lat,
                  lng: shape.center.lng,
                  earth: earth(data.earth_radius_km),
                })
              : t('territory.polygonFigure', {
                  count: shape.points.length,
                  earth: earth(data.earth_radius_km),
                })}
          </p>
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <TerritoryMap territory={shape} label={t('territory.mapLabel')} />
          </Suspense>
        </>
      ) : (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('territory.none')}</p>
      )}
      {can(data.abilities, 'update') && (
        <TerritoryForm agreementId={agreementId} contractMiles={contractMiles} data={data} />
      )}
    </div>
  );
}

function TerritoryForm({ agreementId, contractMiles, data }: BodyProps) {
  const { t } = useTranslation();
  const shape = data.territory;
  const start = initialRadius(shape, contractMiles);
  const [kind, setKind] = useState<TerritoryKind>(shape?.kind ?? 'radius');
  const [lat, setLat] = useState(shape?.center ? String(shape.center.lat) : '');
  const [lng, setLng] = useState(shape?.center ? String(shape.center.lng) : '');
  const [radius, setRadius] = useState(start.radius);
  const [unit, setUnit] = useState<string>(start.unit);
  const [pointsText, setPointsText] = useState(shape ? pointsAsText(shape.points) : '');
  // Each drawing step's text before it, for Undo.
  const [history, setHistory] = useState<string[]>([]);
  const drawn = parsePoints(pointsText).points;
  const draw = (points: { lat: number; lng: number }[]) => {
    setHistory((steps) => [...steps, pointsText]);
    setPointsText(pointsAsText(points));
  };
  const vertexLabel = useCallback((index: number) => t('territory.vertex', { number: index + 1 }), [t]);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [removing, setRemoving] = useState(false);
  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api.put<{ data: AgreementTerritory }>(url(agreementId), input).then((body) => body.data),
    meta: { form: true },
  });
  const remove = useMutation({ mutationFn: () => api.delete(url(agreementId)) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.all('agreements') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    let input: Record<string, unknown>;
    if (kind === 'radius') input = { kind, center: { lat, lng }, radius, radius_unit: unit };
    else {
      const parsed = parsePoints(pointsText);
      if (parsed.badLine !== null) {
        setErrors({ points: t('territory.pointsBad', { line: parsed.badLine }) });
        return;
      }
      input = { kind, points: parsed.points };
    }
    try {
      await save.mutateAsync(input);
      toast.success(t('territory.saved'));
      refresh();
    } catch (error) {
      const found = apiFieldErrors(error) ?? {};
      // "center.lat" and "points.3.lng" sit under the field the user typed them in.
      const mapped: FieldMessages = {};
      for (const [key, message] of Object.entries(found)) {
        const field = key.startsWith('center.') ? key.slice(7) : key.startsWith('points') ? 'points' : key;
        mapped[field] ??= message;
      }
      setErrors(mapped);
    }
  }

  const field = (name: string) => t(`territory.fields.${name}`);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 border-t border-gray-100 pt-4 dark:border-gray-800"
    >
      <Select
        label={t('territory.kind')}
        value={kind}
        onChange={(event) => setKind(event.target.value as TerritoryKind)}
        options={TERRITORY_KINDS.map((value) => ({ value, label: t(`territory.kinds.${value}`) }))}
      />
      {kind === 'radius' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label={field('lat')}
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
            error={errors.lat}
          />
          <TextInput
            label={field('lng')}
            inputMode="decimal"
            value={lng}
            onChange={(e) => setLng(e.target.value)}
            error={errors.lng}
          />
          <TextInput
            label={field('radius')}
            inputMode="decimal"
            value={radius}
            onChange={(e) => setRadius(e.target.value)}
            hint={contractMiles === null ? undefined : t('territory.radiusHint', { radius: contractMiles })}
            error={errors.radius}
          />
          <Select
            label={field('radius_unit')}
            value={unit}
            onChange={(e) => setUnit(e.target.value)}
            options={DISTANCE_UNITS.map((value) => ({ value, label: t(`territory.units.${value}`) }))}
            error={errors.radius_unit}
          />
        </div>
      ) : (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300" id="territory-draw-help">
            {t('territory.drawHelp')}
          </p>
          <Suspense fallback={<Skeleton className="h-72 w-full" />}>
            <PolygonDrawMap
              points={drawn}
              onChange={draw}
              label={t('territory.drawLabel')}
              vertexLabel={vertexLabel}
            />
          </Suspense>
          <div className="flex flex-wrap gap-3">
            <Button
              color="white"
              disabled={!history.length}
              onClick={() => {
                setPointsText(history.at(-1) ?? '');
                setHistory((steps) => steps.slice(0, -1));
              }}
            >
              {t('territory.undo')}
            </Button>
            <Button color="white" disabled={!drawn.length} onClick={() => draw([])}>
              {t('territory.clear')}
            </Button>
            <span className="self-center text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
              {t('territory.drawCount', { count: drawn.length })}
            </span>
          </div>
          <Textarea
            label={field('points')}
            hint={t('territory.pointsHint')}
            rows={6}
            value={pointsText}
            onChange={(e) => setPointsText(e.target.value)}
            error={errors.points}
          />
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={save.isPending}>
          {t('territory.save')}
        </Button>
        {shape && (
          <Button color="white" className="text-red-600 dark:text-red-400" onClick={() => setRemoving(true)}>
            {t('territory.remove')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={removing}
        title={t('territory.removeTitle')}
        message={t('territory.removeText')}
        confirmLabel={t('territory.remove')}
        cancelLabel={t('common.cancel')}
        loading={remove.isPending}
        onClose={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setRemoving(false);
              toast.success(t('territory.removed'));
              refresh();
            },
            onError: () => setRemoving(false),
          })
        }
      />
    </form>
  );
}

import {
  checkPolygon,
  EARTH_RADIUS_KM,
  shapesOverlap,
  territoryInputSchema,
  toMeters,
  type AgreementTerritory,
  type DistanceUnit,
  type LatLng,
  type Shape,
  type Territory,
  type TerritoryKind,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import type { TerritoriesTable } from '../../platform/db/schema';
import { nowIso } from '../../platform/clock';
import { invalid } from '../../platform/errors';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { parseServiceBody } from '../../platform/service-body';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { getAgreement } from '../agreements/index';

/** The territory follows the agreement: members read it, managers and up change it. */
const canUpdate = (actor: Actor) => hasRole(actor, 'manager');

type Stored = Pick<
  TerritoriesTable,
  'kind' | 'center_lat' | 'center_lng' | 'radius' | 'radius_unit' | 'points' | 'updated_at'
>;

const pointsOf = (row: Stored): LatLng[] => (row.points ? (JSON.parse(row.points) as LatLng[]) : []);

function shapeOf(row: Stored): Shape {
  return row.kind === 'radius'
    ? {
        kind: 'circle',
        center: { lat: Number(row.center_lat), lng: Number(row.center_lng) },
        radiusMeters: toMeters(Number(row.radius), row.radius_unit as DistanceUnit),
      }
    : { kind: 'polygon', points: pointsOf(row) };
}

function present(row: Stored): Territory {
  const isRadius = row.kind === 'radius';
  return {
    kind: row.kind as TerritoryKind,
    center: isRadius ? { lat: Number(row.center_lat), lng: Number(row.center_lng) } : null,
    radius: isRadius ? Number(row.radius) : null,
    radius_unit: row.radius_unit as DistanceUnit,
    points: isRadius ? [] : pointsOf(row),
    updated_at: row.updated_at,
  };
}

const territoryColumns = [
  'kind',
  'center_lat',
  'center_lng',
  'radius',
  'radius_unit',
  'points',
  'updated_at',
] as const;

function storedTerritory(db: Executor, teamId: number, agreementId: number) {
  return db
    .selectFrom('territories')
    .select(territoryColumns)
    .where('team_id', '=', teamId)
    .where('agreement_id', '=', agreementId)
    .executeTakeFirst();
}

/**
 * The brand's other live agreements whose territory shares ground with this one, where either side is
 * exclusive: an exclusive territory excludes every other of its brand, exclusive or not.
 */
async function overlapsOf(
  db: Executor,
  teamId: number,
  agreement: { id: number; brandId: number; exclusive: boolean },
  territory: Stored,
) {
  const others = await db
    .selectFrom('territories as t')
    .innerJoin('franchise_agreements as a', (j) =>
      j.onRef('a.id', '=', 't.agreement_id').on('a.team_id', '=', teamId),
    )
    .leftJoin('companies as c', (j) => j.onRef('c.id', '=', 'a.franchisee_id').on('c.team_id', '=', teamId))
    .select(territoryColumns.map((c) => `t.${c}` as const))
    .select([
      'a.id as agreement_id',
      'a.agreement_number',
      'a.territory_exclusive',
      'c.id as company_id',
      'c.name as company_name',
    ])
    .where('t.team_id', '=', teamId)
    .where('a.brand_id', '=', agreement.brandId)
    .where('a.deleted_at', 'is', null)
    .where('a.id', '!=', agreement.id)
    .orderBy('a.id')
    .execute();
  const shape = shapeOf(territory);
  return others
    .filter(
      (o) => (agreement.exclusive || Boolean(o.territory_exclusive)) && shapesOverlap(shape, shapeOf(o)),
    )
    .map((o) => ({
      agreement_id: o.agreement_id,
      agreement_number: o.agreement_number,
      franchisee: o.company_id === null ? null : { id: o.company_id, name: o.company_name ?? '' },
      exclusive: Boolean(o.territory_exclusive),
    }));
}

export async function territoryOf(
  deps: Deps,
  actor: Actor,
  agreementId: number,
): Promise<AgreementTerritory> {
  // The agreements module answers 404 for another team's agreement before anything here runs.
  const agreement = await getAgreement(deps, actor, agreementId);
  const stored = await storedTerritory(deps.db, actor.teamId, agreementId);
  return {
    agreement_id: agreementId,
    exclusive: agreement.territory_exclusive,
    territory: stored ? present(stored) : null,
    overlaps: stored
      ? await overlapsOf(
          deps.db,
          actor.teamId,
          { id: agreementId, brandId: agreement.brand!.id, exclusive: agreement.territory_exclusive },
          stored,
        )
      : [],
    earth_radius_km: EARTH_RADIUS_KM,
    abilities: { update: canUpdate(actor) },
  };
}

/** Sets the agreement's territory, a radius or a polygon, replacing the one it had. */
export async function saveTerritory(deps: Deps, actor: Actor, agreementId: number, body: unknown) {
  await getAgreement(deps, actor, agreementId);
  authorize(canUpdate(actor));
  const input = parseServiceBody(territoryInputSchema, body);
  let points: LatLng[] = [];
  if (input.kind === 'polygon') {
    const checked = checkPolygon(input.points!);
    if (checked.error) throw invalid('points', checked.error);
    points = checked.points.map((p) => ({ lat: p.lat, lng: p.lng }));
  }
  const isRadius = input.kind === 'radius';
  const values = {
    kind: input.kind,
    center_lat: isRadius ? input.center!.lat : null,
    center_lng: isRadius ? input.center!.lng : null,
    radius: isRadius ? input.radius! : null,
    radius_unit: input.radius_unit,
    points: isRadius ? null : JSON.stringify(points),
    updated_at: nowIso(),
  };
  await writeTransaction(deps.db, async (trx) => {
    const before = await storedTerritory(trx, actor.teamId, agreementId);
    await trx
      .deleteFrom('territories')
      .where('team_id', '=', actor.teamId)
      .where('agreement_id', '=', agreementId)
      .execute();
    await trx
      .insertInto('territories')
      .values({ team_id: actor.teamId, agreement_id: agreementId, ...values })
      .execute();
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'agreement',
      subjectId: agreementId,
      action: 'territory_updated',
      changes: {
        territory: [before ? describe(before) : null, describe(values)],
      },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return territoryOf(deps, actor, agreementId);
}

/** A short audit text: "radius 5 mi around 40.1, -75.2" or "polygon of 6 points". */
function describe(row: Stored) {
  return row.kind === 'radius'
    ? `radius ${row.radius} ${row.radius_unit} around ${row.center_lat}, ${row.center_lng}`
    : `polygon of ${pointsOf(row).length} points`;
}

export async function removeTerritory(deps: Deps, actor: Actor, agreementId: number) {
  await getAgreement(deps, actor, agreementId);
  authorize(canUpdate(actor));
  await writeTransaction(deps.db, async (trx) => {
    const before = await storedTerritory(trx, actor.teamId, agreementId);
    if (!before) return;
    await trx
      .deleteFrom('territories')
      .where('team_id', '=', actor.teamId)
      .where('agreement_id', '=', agreementId)
      .execute();
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'agreement',
      subjectId: agreementId,
      action: 'territory_removed',
      changes: { territory: [describe(before), null] },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
}

import {
  invoicingSettingsInputSchema,
  toCents,
  toDollars,
  type InvoicingSettings,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { writeTransaction, type Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import type { InvoiceTerms, Pooling, TierBasis, TierYear } from './calculations';
import { invoicePolicy } from './policy';
import * as repo from './repository';

/** The rules one brand is billed and checked by: its own row, else the team's default row, else defaults. */
export type BrandRules = InvoiceTerms & {
  weeklyDueWeekday: number;
  monthlyDueDay: number;
  paymentTermsDays: number;
};

const DEFAULTS: Omit<repo.SettingsRow, 'team_id' | 'brand_id' | 'updated_at'> = {
  weekly_due_weekday: 2,
  monthly_due_day: 10,
  tier_basis: 'period',
  tier_year: 'calendar',
  pooling: 'pooled',
  cap_cents: null,
  cap_includes_marketing: 0,
  other_fees: '[]',
  payment_terms_days: 30,
};

function rulesOf(row: Omit<repo.SettingsRow, 'team_id' | 'brand_id' | 'updated_at'>): BrandRules {
  return {
    weeklyDueWeekday: row.weekly_due_weekday,
    monthlyDueDay: row.monthly_due_day,
    paymentTermsDays: row.payment_terms_days,
    tierBasis: row.tier_basis as TierBasis,
    tierYear: row.tier_year as TierYear,
    pooling: row.pooling as Pooling,
    capCents: row.cap_cents === null ? null : Number(row.cap_cents),
    capIncludesMarketing: Boolean(row.cap_includes_marketing),
    otherFees: JSON.parse(row.other_fees) as BrandRules['otherFees'],
  };
}

/** A lookup of each brand's rules (the royalty report reads its tier reading here too). */
export async function rulesByBrand(db: Executor, teamId: number): Promise<(brandId: number) => BrandRules> {
  const rows = await repo.settingsRows(db, teamId);
  const team = rulesOf(rows.find((r) => r.brand_id === 0) ?? DEFAULTS);
  const brands = new Map(rows.filter((r) => r.brand_id !== 0).map((r) => [r.brand_id, rulesOf(r)]));
  return (brandId) => brands.get(brandId) ?? team;
}

function present(
  row: Omit<repo.SettingsRow, 'team_id' | 'updated_at'>,
  brandName?: string,
): InvoicingSettings {
  const rules = rulesOf(row);
  return {
    brand: row.brand_id === 0 ? null : { id: row.brand_id, name: brandName ?? '' },
    weekly_due_weekday: rules.weeklyDueWeekday,
    monthly_due_day: rules.monthlyDueDay,
    tier_basis: rules.tierBasis,
    tier_year: rules.tierYear,
    pooling: rules.pooling,
    cap: rules.capCents === null ? null : toDollars(rules.capCents),
    cap_includes_marketing: rules.capIncludesMarketing,
    other_fees: rules.otherFees.map((f) => ({ label: f.label, amount: toDollars(f.amount_cents) })),
    payment_terms_days: rules.paymentTermsDays,
  };
}

/** The team default first (always present), then each brand that has its own. */
export async function listSettings(deps: Deps, actor: Actor): Promise<InvoicingSettings[]> {
  authorize(invoicePolicy.view(actor));
  const rows = await repo.settingsRows(deps.db, actor.teamId);
  const names = await repo.brandNames(
    deps.db,
    actor.teamId,
    rows.map((r) => r.brand_id).filter((id) => id !== 0),
  );
  const team = rows.find((r) => r.brand_id === 0) ?? { ...DEFAULTS, brand_id: 0 };
  return [
    present(team),
    ...rows
      .filter((r) => r.brand_id !== 0 && names.has(r.brand_id))
      .map((r) => present(r, names.get(r.brand_id))),
  ];
}

/** Sets the team default (`brandId` null) or one brand's rules, whole. */
export async function putSettings(deps: Deps, actor: Actor, brandId: number | null, body: unknown) {
  if (brandId !== null && !(await repo.brandNames(deps.db, actor.teamId, [brandId])).has(brandId))
    throw notFound('Brand');
  authorize(invoicePolicy.change(actor));
  const v = parseServiceBody(invoicingSettingsInputSchema, body);
  const values = {
    weekly_due_weekday: v.weekly_due_weekday,
    monthly_due_day: v.monthly_due_day,
    tier_basis: v.tier_basis,
    tier_year: v.tier_year,
    pooling: v.pooling,
    cap_cents: toCents(v.cap),
    cap_includes_marketing: v.cap_includes_marketing ? 1 : 0,
    other_fees: JSON.stringify(
      v.other_fees.map((f) => ({ label: f.label, amount_cents: toCents(f.amount) })),
    ),
    payment_terms_days: v.payment_terms_days,
    updated_at: nowIso(),
  };
  await writeTransaction(deps.db, async (trx) => {
    await repo.upsertSettings(trx, actor.teamId, brandId ?? 0, values);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'invoicing_settings',
      subjectId: brandId,
      action: 'updated',
      changes: v as unknown as Record<string, unknown>,
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return (await listSettings(deps, actor)).find((s) => (s.brand?.id ?? null) === brandId)!;
}

import { toDollars, type SalesPeriod, type Sales } from '@storekeep/contracts';
import type { Actor } from '../../platform/policy';
import { salesAbilities } from './policy';
import type { LoadedSales } from './repository';

export function presentSales(r: LoadedSales, actor: Actor): Sales {
  return {
    id: r.id,
    store: { id: r.store_id, name: r.store_name, store_number: r.store_number },
    brand: r.brand_id === null ? null : { id: r.brand_id, name: r.brand_name ?? '' },
    franchisee: r.franchisee_id === null ? null : { id: r.franchisee_id, name: r.franchisee_name ?? '' },
    period: r.period as SalesPeriod,
    period_start: r.period_start,
    gross: toDollars(r.gross_cents),
    net: toDollars(r.net_cents),
    created_at: r.created_at,
    updated_at: r.updated_at,
    abilities: salesAbilities(actor),
  };
}

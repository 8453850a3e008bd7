import { toMeters, type AgreementTerritory } from '@storekeep/contracts';

type Shape = AgreementTerritory['territory'];

/**
 * The radius the form starts with: the mapped one, else the contract's own `territory_radius_miles` (in
 * miles), so mapping the contract's radius is a matter of placing its centre.
 */
export function initialRadius(shape: Shape, contractMiles: number | null): { radius: string; unit: string } {
  if (shape?.kind === 'radius' && shape.radius !== null)
    return { radius: String(shape.radius), unit: shape.radius_unit };
  return { radius: contractMiles === null ? '' : String(contractMiles), unit: 'mi' };
}

/** Whether a mapped radius says something else than the contract's radius in miles (to the hundredth). */
export function differsFromContract(shape: Shape, contractMiles: number | null): boolean {
  if (contractMiles === null || shape?.kind !== 'radius' || shape.radius === null) return false;
  const miles = shape.radius_unit === 'km' ? toMeters(shape.radius, 'km') / toMeters(1, 'mi') : shape.radius;
  return Math.abs(miles - contractMiles) >= 0.005;
}

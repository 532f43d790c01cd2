/**
 * The third parties a transaction talks to, as interfaces with the sandbox adapters the local
 * stack uses (DESIGN.md §3). Production swaps an adapter here and nothing else changes.
 */
import { sandboxAddressChecker, type AddressChecker } from './address-check';
import { sandboxCarePlans, type CarePlans } from './care-plans';
import { sandboxIdentityVerifier, type IdentityVerifier } from './identity-verification';
import { sandboxInsuranceCarriers, type InsuranceCarriers } from './insurance-carriers';
import { sandboxLenders, type Lenders } from './lenders';

export interface Providers {
  identity: IdentityVerifier;
  address: AddressChecker;
  lenders: Lenders;
  carePlans: CarePlans;
  carriers: InsuranceCarriers;
}

/** Every adapter in its sandbox form; the widget sandbox also hosts the carrier's hand-off page. */
export function sandboxProviders(sandboxHost: string): Providers {
  return {
    identity: sandboxIdentityVerifier(sandboxHost),
    address: sandboxAddressChecker,
    lenders: sandboxLenders,
    carePlans: sandboxCarePlans,
    carriers: sandboxInsuranceCarriers(sandboxHost),
  };
}

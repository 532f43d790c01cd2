/**
 * The third parties a transaction talks to, as interfaces with the sandbox adapters the local
 * stack uses (DESIGN.md §3, §9). Production swaps an adapter here and nothing else changes. The
 * ones that answer at once are called inside the request; the asynchronous ones take a request
 * and answer by signed webhook.
 */
import { sandboxAddressChecker, type AddressChecker } from './address-check';
import { sandboxAsyncProviders, type AsyncProvider, type AsyncProviderName } from './async-providers';
import { sandboxBankLink, type BankLink } from './bank-link';
import { sandboxCarePlans, type CarePlans } from './care-plans';
import { sandboxESignature, type ESignature } from './esign';
import { sandboxIdentityVerifier, type IdentityVerifier, type WidgetSettings } from './identity-verification';
import { sandboxInsuranceCarriers, type InsuranceCarriers } from './insurance-carriers';
import { sandboxLenders, type Lenders } from './lenders';
import { sandboxLienholders, type Lienholders } from './lienholders';
import { sandboxTransportVendors, type TransportVendors } from './transport-vendors';
import { sandboxVehicleReports, type VehicleReportProvider } from './vehicle-reports';

export interface Providers {
  identity: IdentityVerifier;
  address: AddressChecker;
  lenders: Lenders;
  carePlans: CarePlans;
  carriers: InsuranceCarriers;
  lienholders: Lienholders;
  vehicleReports: VehicleReportProvider;
  transport: TransportVendors;
  bankLink: BankLink;
  esign: ESignature;
  async: Record<AsyncProviderName, AsyncProvider>;
}

/** Every adapter in its sandbox form; the sandbox origin (the widget's host) hosts the widget, the carrier's page, the bank link's page and the providers behind them. */
export function sandboxProviders(widget: WidgetSettings): Providers {
  const sandboxHost = widget.host;
  return {
    identity: sandboxIdentityVerifier(widget),
    address: sandboxAddressChecker,
    lenders: sandboxLenders,
    carePlans: sandboxCarePlans,
    carriers: sandboxInsuranceCarriers(sandboxHost),
    lienholders: sandboxLienholders,
    vehicleReports: sandboxVehicleReports,
    transport: sandboxTransportVendors(sandboxHost),
    bankLink: sandboxBankLink(sandboxHost),
    esign: sandboxESignature(sandboxHost),
    async: sandboxAsyncProviders(sandboxHost),
  };
}

/**
 * Address checks for the identity step: does the address match the verified person, and is an
 * uploaded proof of address acceptable. The sandbox is deterministic so tests and demos can
 * reach both answers: a PO box, "General Delivery" or ZIP 00000 is not verified.
 */
import type { Address } from '../../src/domain/payload-fields';

export interface AddressChecker {
  check(address: Address): Promise<'verified' | 'not verified'>;
  reviewProof(document: { documentKey: string; fileName: string }): Promise<'verified' | 'not verified'>;
}

export const sandboxAddressChecker: AddressChecker = {
  async check(address) {
    const unverifiable = /^\s*(p\.?\s*o\.?\s*box|general delivery)\b/i.test(address.line1) || address.postalCode === '00000';
    return unverifiable ? 'not verified' : 'verified';
  },
  // A reviewer accepts any readable document in the sandbox; the real review is a person or a vendor.
  async reviewProof() {
    return 'verified';
  },
};

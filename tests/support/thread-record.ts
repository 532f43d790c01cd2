/** A deal thread as the API answers it and the device keeps it, with nothing in it unless a test says so. */
export const threadRecord = <T extends object>(overrides: T) => ({
  negotiationId: 'n-1',
  dealId: null,
  vehicle: '2005 Buick',
  myRole: 'buyer' as const,
  myTransactionId: null,
  otherName: 'Sam',
  closedBecause: null,
  entries: [],
  delivered: 0,
  read: 0,
  unread: 0,
  version: 1,
  ...overrides,
});

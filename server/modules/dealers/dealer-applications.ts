/**
 * Applications to the dealer programme: a signed-up user who is neither an admin nor a dealer
 * already sends their dealership's details, one waiting application at a time (the table's partial
 * unique index says so even for two sends at once); an admin approves it — the user becomes a
 * dealer with those details, in the same transaction — or declines it with a reason. A decided
 * application stays as it was decided. What each side is told follows from the events emitted.
 */
import { eq, sql } from 'drizzle-orm';
import type { ApplicationDecision, DealerApplicationRequest } from '../../../src/domain/dealer-application-contract';
import { dealerApplications } from '../../db/dealer-tables';
import { users } from '../../db/schema';
import type { UserRow } from '../../kernel/access';
import { Refusal } from '../../kernel/refusal';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { activeDealership, ADMIN_NOT_DEALER, makeDealer } from './dealerships';

export const APPLICATION_NOT_FOUND = 'Dealer application not found.';

/** Records `applicant`'s application; answers its id. */
export async function sendApplication(
  uow: UnitOfWork,
  applicant: UserRow,
  request: Omit<DealerApplicationRequest, 'idempotencyKey'>,
): Promise<string> {
  if (applicant.type === 'admin') throw new Refusal(409, ADMIN_NOT_DEALER);
  if (await activeDealership(uow.tx, applicant)) throw new Refusal(409, 'You are a dealer already: Dealer financing is in your dashboard.');
  const [row] = await uow.tx
    .insert(dealerApplications)
    .values({
      userId: applicant.id,
      dealershipName: request.dealershipName,
      licenceNumber: request.licenceNumber.toUpperCase(),
      addressLine1: request.address.line1,
      city: request.address.city,
      state: request.address.state,
      postalCode: request.address.postalCode,
      phone: request.phone,
      note: request.note || null,
    })
    // The only conflict there can be: the one waiting application per user (a partial unique index).
    .onConflictDoNothing()
    .returning({ id: dealerApplications.id });
  if (!row) throw new Refusal(409, 'Your application is already waiting for review. We will tell you as soon as it is decided.');
  uow.emit('dealer application.sent', { applicationId: row.id, dealershipName: request.dealershipName });
  return row.id;
}

/** An admin's decision on a waiting application: approving makes the applicant a dealer with its details. */
export async function decideApplication(
  uow: UnitOfWork,
  admin: UserRow,
  applicationId: string,
  decision: ApplicationDecision,
): Promise<void> {
  const { tx } = uow;
  const [application] = await tx.select().from(dealerApplications).where(eq(dealerApplications.id, applicationId)).for('update');
  if (!application) throw new Refusal(404, APPLICATION_NOT_FOUND);
  if (application.status !== 'pending') throw new Refusal(409, `This application was already ${application.status}.`);
  const [applicant] = await tx.select().from(users).where(eq(users.id, application.userId));
  if (!applicant) throw new Refusal(404, APPLICATION_NOT_FOUND);
  if (decision.decision === 'approve')
    await makeDealer(tx, admin, applicant, {
      dealershipName: application.dealershipName,
      licenceNumber: application.licenceNumber,
      address: { line1: application.addressLine1, city: application.city, state: application.state, postalCode: application.postalCode },
    });
  const status = decision.decision === 'approve' ? 'approved' : 'declined';
  const reason = decision.decision === 'decline' ? decision.reason : null;
  await tx
    .update(dealerApplications)
    .set({ status, decidedBy: admin.id, decidedAt: sql`now()`, declineReason: reason })
    .where(eq(dealerApplications.id, applicationId));
  uow.emit('dealer application.decided', {
    applicationId,
    applicantUserId: applicant.id,
    dealershipName: application.dealershipName,
    decision: status,
    reason,
  });
}

/**
 * Dealer applications as the screens read them: the applicant's latest (and whether they are a
 * dealer now), and the admin's review list — every waiting application oldest first, then the
 * most recently decided — each with who sent it.
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import {
  RECENTLY_DECIDED_SHOWN,
  type ApplicationsForReview,
  type DealerApplication,
  type MyDealerApplication,
  type ReviewedApplication,
} from '../../src/domain/dealer-application-contract';
import type { Database } from '../db/client';
import { dealerApplications } from '../db/dealer-tables';
import { users } from '../db/schema';
import type { UserRow } from '../kernel/access';
import { Refusal } from '../kernel/refusal';
import { APPLICATION_NOT_FOUND } from '../modules/dealers/dealer-applications';
import { activeDealership } from '../modules/dealers/dealerships';

type Row = typeof dealerApplications.$inferSelect;

function applicationView(row: Row): DealerApplication {
  return {
    id: row.id,
    dealershipName: row.dealershipName,
    licenceNumber: row.licenceNumber,
    address: { line1: row.addressLine1, city: row.city, state: row.state, postalCode: row.postalCode },
    phone: row.phone,
    note: row.note,
    status: row.status,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const applicantColumns = { userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

function reviewedView(row: {
  application: Row;
  applicant: { userId: string; email: string; firstName: string | null; lastName: string | null };
}) {
  const { applicant } = row;
  const name = [applicant.firstName, applicant.lastName].filter(Boolean).join(' ') || null;
  return { ...applicationView(row.application), applicant: { userId: applicant.userId, email: applicant.email, name } };
}

/** The caller's latest application (null when they never applied), and whether they pass the dealer check now. */
export async function myApplication(db: Database, user: UserRow): Promise<MyDealerApplication> {
  const [latest] = await db
    .select()
    .from(dealerApplications)
    .where(eq(dealerApplications.userId, user.id))
    .orderBy(desc(dealerApplications.createdAt), desc(dealerApplications.id))
    .limit(1);
  return { application: latest ? applicationView(latest) : null, dealer: Boolean(await activeDealership(db, user)) };
}

/** One of the caller's own applications (anyone else's is not found). */
export async function applicationOf(db: Database, userId: string, applicationId: string): Promise<DealerApplication> {
  const [row] = await db
    .select()
    .from(dealerApplications)
    .where(and(eq(dealerApplications.id, applicationId), eq(dealerApplications.userId, userId)));
  if (!row) throw new Refusal(404, APPLICATION_NOT_FOUND);
  return applicationView(row);
}

/** One application with its applicant, for an admin. */
export async function reviewedApplication(db: Database, applicationId: string): Promise<ReviewedApplication> {
  const [row] = await db
    .select({ application: dealerApplications, applicant: applicantColumns })
    .from(dealerApplications)
    .innerJoin(users, eq(users.id, dealerApplications.userId))
    .where(eq(dealerApplications.id, applicationId));
  if (!row) throw new Refusal(404, APPLICATION_NOT_FOUND);
  return reviewedView(row);
}

export async function applicationsForReview(db: Database): Promise<ApplicationsForReview> {
  const joined = () =>
    db
      .select({ application: dealerApplications, applicant: applicantColumns })
      .from(dealerApplications)
      .innerJoin(users, eq(users.id, dealerApplications.userId));
  const [pending, decided] = await Promise.all([
    joined().where(eq(dealerApplications.status, 'pending')).orderBy(asc(dealerApplications.createdAt), asc(dealerApplications.id)),
    joined()
      .where(isNotNull(dealerApplications.decidedAt))
      .orderBy(desc(dealerApplications.decidedAt), desc(dealerApplications.id))
      .limit(RECENTLY_DECIDED_SHOWN),
  ]);
  return { pending: pending.map(reviewedView), decided: decided.map(reviewedView) };
}

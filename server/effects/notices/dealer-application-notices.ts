/**
 * What an application to the dealer programme tells its people: every admin hears of a new one,
 * with the way to the review list; the applicant hears the decision — approved, with the way to
 * dealer financing, or declined, with the admin's reason and the way to apply again (admins.ts says
 * who the admins are).
 */
import { eq } from 'drizzle-orm';
import { BRAND } from '../../../src/domain/brand';
import { users } from '../../db/schema';
import type { Subscribers } from '../../kernel/domain-events';
import { notifyAdmins } from './admins';

export const DEALER_APPLICATION_NOTICES: Subscribers = {
  'dealer application.sent': [
    async (effects, sent) =>
      notifyAdmins(effects, {
        kind: 'dealer application',
        key: `dealer-application:${sent.applicationId}`,
        subject: `A dealer application from ${sent.dealershipName}`,
        body: `${sent.dealershipName} has applied to join the dealer programme. Review the application and approve or decline it.`,
        link: '/dashboard/dealers',
      }),
  ],
  'dealer application.decided': [
    async (effects, decided) => {
      const [applicant] = await effects.tx.select().from(users).where(eq(users.id, decided.applicantUserId));
      if (!applicant) return;
      const approved = decided.decision === 'approved';
      await effects.notify(
        { userId: applicant.id, email: applicant.email },
        {
          kind: 'dealer application decided',
          key: `dealer-application-decided:${decided.applicationId}`,
          subject: approved
            ? `${decided.dealershipName} is now a ${BRAND.name} dealer`
            : `Your dealer application for ${decided.dealershipName} was declined`,
          body: approved
            ? `Welcome to the ${BRAND.name} dealer programme. Dealer financing is open to you: submit your customers' sales, follow the lender's decisions and structure each deal.`
            : `We could not approve the application for ${decided.dealershipName}.\n\nThe reason: ${decided.reason}\n\nYou can send a new application once you have what it asks for.`,
          link: approved ? '/finance' : '/dealers/apply',
        },
      );
    },
  ],
};

/**
 * What a dealer's sale tells its people: the dealer hears the lender's decision on the credit
 * application, with the way to the sale; the customer hears that the dealer signed and their part
 * is open (someone without an account yet is led through sign-up, which adds the purchase to it).
 */
import { eq } from 'drizzle-orm';
import { transactionEntry } from '../../../src/domain/transaction-steps';
import { users } from '../../db/schema';
import type { Subscribers } from '../../kernel/domain-events';
import { sideRecipients } from '../../kernel/notify';
import { dealerOfDeal } from '../../modules/dealers/dealerships';

const SAID = { approved: 'approved', conditional: 'approved with stipulations', declined: 'declined' } as const;

export const DEALER_NOTICES: Subscribers = {
  'lender.decided': [
    async (effects, decided) => {
      const [dealer] = await effects.tx.select().from(users).where(eq(users.id, decided.dealerUserId));
      if (!dealer) return;
      await effects.notify(
        { userId: dealer.id, email: dealer.email },
        {
          kind: 'lender decision',
          key: `lender-decision:${decided.saleId}`,
          subject: `${decided.customerName}'s application for the ${decided.car}: ${SAID[decided.decision]}`,
          body: [
            `The lender has ${SAID[decided.decision]} ${decided.customerName}'s credit application for the ${decided.car}.`,
            decided.terms
              ? `APR ${(decided.terms.aprBasisPoints / 100).toFixed(2)} % for up to ${decided.terms.maxTermMonths} months.` +
                (decided.terms.stipulations.length ? ` The lender asks for: ${decided.terms.stipulations.join(', ')}.` : '')
              : 'The sale has been closed; nothing was charged.',
            decided.decision === 'declined' ? '' : 'Structure the deal (term, down payment, warranty and GAP) to go on.',
          ]
            .filter(Boolean)
            .join('\n\n'),
          link: `/finance/status?sale=${decided.saleId}`,
        },
      );
    },
  ],
  'dealer.signed': [
    async (effects, signed) => {
      const dealership = await dealerOfDeal(effects.tx, signed.dealId);
      if (!dealership) return;
      for (const recipient of await sideRecipients(effects.tx, signed.dealId, 'buyer'))
        await effects.notify(recipient, {
          kind: 'documents to sign',
          key: `dealer-signed:${signed.dealId}`,
          subject: `${dealership.dealershipName}: your purchase is ready for you`,
          body:
            `Hello ${dealership.customerName}, ${dealership.dealershipName} has signed your sale. ` +
            'Review the price breakdown with your loan terms, pay what is due at signing, check your ID and sign.' +
            (recipient.userId ? '' : ' Sign in, or sign up with this e-mail address, and the purchase is added to your account.'),
          // Someone without an account yet signs up first; /link-offer then adds what was made for their e-mail.
          link: recipient.userId ? transactionEntry(signed.customerTransactionId) : '/link-offer',
          linkBeforeSignUp: true,
        });
    },
  ],
};

/**
 * Linked bank accounts (SPEC §2.2 /link-account): what the API answers about one (its owner only
 * ever sees it) and what the app sends to link, confirm and use one.
 */
import * as z from 'zod/mini';
import { isOwnPath } from './return-target';

export const bankAccountSchema = z.object({
  id: z.string(),
  institution: z.string(),
  name: z.string(),
  type: z.enum(['checking', 'savings']),
  /** The account number's last four digits. */
  mask: z.string(),
  status: z.enum(['verified', 'pending verification', 'verification failed']),
  linkedAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountListSchema = z.object({ accounts: z.array(bankAccountSchema) });

/** Where the bank link sends the user back to: a path of this app, never another site. */
export const linkStartSchema = z.object({
  returnTo: z.string().check(z.maxLength(500), z.refine(isOwnPath, 'returnTo must be a path of this app')),
});
export const linkStartAnswerSchema = z.object({ url: z.string(), expiresAt: z.string() });

export const linkFinishSchema = z.object({
  publicToken: z.string().check(z.minLength(1, 'The bank link answer is missing'), z.maxLength(200)),
  linkToken: z.string().check(z.minLength(1, 'The bank link answer is missing'), z.maxLength(200)),
});

const depositCents = z
  .number('Enter both deposit amounts')
  .check(
    z.int('Enter each deposit in cents, such as 0.32'),
    z.minimum(1, 'Each deposit is between $0.01 and $0.99'),
    z.maximum(99, 'Each deposit is between $0.01 and $0.99'),
  );
export const microDepositsSchema = z.object({
  amounts: z.tuple([depositCents, depositCents], 'Enter both deposit amounts'),
});

export const accountLabel = (account: Pick<BankAccount, 'institution' | 'name' | 'mask'>) =>
  `${account.institution} ${account.name} ••${account.mask}`;

/**
 * The bank-link provider, as real ones work (DESIGN.md §9): the server makes a link token for one
 * user and a redirect URI; the browser goes to the provider's hosted page with it and comes back
 * with a public token, which only the server can exchange, for an access token that reads the
 * account and makes a processor token for the payments processor. The sandbox answers the same
 * calls on the sandbox origin.
 */
import * as z from 'zod/mini';

export interface LinkedAccount {
  accountId: string;
  name: string;
  type: 'checking' | 'savings';
  mask: string;
  status: 'verified' | 'pending verification' | 'verification failed';
}

export interface BankLink {
  createLinkToken(userId: string, redirectUri: string): Promise<{ linkToken: string; expiresAt: string; hostedUrl: string }>;
  exchange(publicToken: string): Promise<{ accessToken: string; itemId: string; linkToken: string } | null>;
  accounts(accessToken: string): Promise<{ institution: string; accounts: LinkedAccount[] }>;
  /** Confirms micro-deposits by their amounts: the account's status, or the tries left after a wrong pair. */
  verifyMicroDeposits(
    accessToken: string,
    accountId: string,
    amountsCents: number[],
  ): Promise<{ status: LinkedAccount['status'] } | { attemptsLeft: number }>;
  processorToken(accessToken: string, accountId: string): Promise<string>;
}

const STATUS = {
  verified: 'verified',
  pending_manual_verification: 'pending verification',
  verification_failed: 'verification failed',
} as const;

const accountsAnswer = z.object({
  item: z.object({ institution_name: z.string() }),
  accounts: z.array(
    z.object({
      account_id: z.string(),
      name: z.string(),
      subtype: z.enum(['checking', 'savings']),
      mask: z.string(),
      verification_status: z.enum(['verified', 'pending_manual_verification', 'verification_failed']),
    }),
  ),
});

export function sandboxBankLink(sandboxUrl: string): BankLink {
  const base = `${sandboxUrl.replace(/\/$/, '')}/bank-link`;
  const call = async (path: string, body: Record<string, unknown>) => {
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const ok = async (path: string, body: Record<string, unknown>) => {
    const answer = await call(path, body);
    if (answer.status !== 200) throw new Error(`bank link ${path} answered ${answer.status}: ${String(answer.body.error_code)}`);
    return answer.body;
  };
  return {
    async createLinkToken(userId, redirectUri) {
      const answer = await ok('/link/token/create', { client_user_id: userId, redirect_uri: redirectUri });
      const linkToken = String(answer.link_token);
      return { linkToken, expiresAt: String(answer.expiration), hostedUrl: `${base}/hosted?token=${encodeURIComponent(linkToken)}` };
    },
    async exchange(publicToken) {
      const answer = await call('/item/public_token/exchange', { public_token: publicToken });
      if (answer.status !== 200) return null;
      return {
        accessToken: String(answer.body.access_token),
        itemId: String(answer.body.item_id),
        linkToken: String(answer.body.link_token),
      };
    },
    async accounts(accessToken) {
      const answer = accountsAnswer.parse(await ok('/accounts/get', { access_token: accessToken }));
      return {
        institution: answer.item.institution_name,
        accounts: answer.accounts.map((account) => ({
          accountId: account.account_id,
          name: account.name,
          type: account.subtype,
          mask: account.mask,
          status: STATUS[account.verification_status],
        })),
      };
    },
    async verifyMicroDeposits(accessToken, accountId, amountsCents) {
      const answer = await call('/accounts/micro_deposits/verify', {
        access_token: accessToken,
        account_id: accountId,
        amounts: amountsCents,
      });
      if (answer.status === 200) return { status: STATUS[answer.body.verification_status as keyof typeof STATUS] };
      if (answer.body.error_code === 'INCORRECT_DEPOSIT_AMOUNTS') return { attemptsLeft: Number(answer.body.attempts_left) };
      throw new Error(`bank link verify answered ${answer.status}: ${String(answer.body.error_code)}`);
    },
    async processorToken(accessToken, accountId) {
      return String((await ok('/processor/token/create', { access_token: accessToken, account_id: accountId })).processor_token);
    },
  };
}

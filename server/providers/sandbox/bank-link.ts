/**
 * The sandbox bank link, in the shape of a real one (a link token made by the server, the
 * provider's own hosted page on its own origin, a public token handed back and exchanged by the
 * server for an access token, accounts read with it, a processor token for the payments
 * processor, micro-deposits confirmed by their two amounts). Kept in one JSON file under the data
 * dir so a restart keeps every linked account working. The logins are the magic values (docs/sandboxes.md); every password is `pass_good`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const SANDBOX_INSTITUTIONS = [
  { id: 'ins_platypus', name: 'First Platypus Bank' },
  { id: 'ins_tartan', name: 'Tartan Bank' },
  { id: 'ins_houndstooth', name: 'Houndstooth Bank' },
  { id: 'ins_tattersall', name: 'Tattersall Federal Credit Union' },
  { id: 'ins_gingham', name: 'Gingham Savings' },
] as const;

/** What each sandbox login gives: its accounts, whether they need micro-deposits, and what a transfer on them does. */
export const SANDBOX_LOGINS = {
  user_good: { accounts: [{ name: 'Everyday Checking', type: 'checking', mask: '6789' }, { name: 'High-Yield Savings', type: 'savings', mask: '4321' }], microDeposits: false, returns: null },
  user_micro: { accounts: [{ name: 'Everyday Checking', type: 'checking', mask: '2468' }], microDeposits: true, returns: null },
  user_nsf: { accounts: [{ name: 'Everyday Checking', type: 'checking', mask: '1357' }], microDeposits: false, returns: { code: 'R01', reason: 'Insufficient funds' } },
  user_closed: { accounts: [{ name: 'Everyday Checking', type: 'checking', mask: '9753' }], microDeposits: false, returns: { code: 'R02', reason: 'Account closed' } },
} as const satisfies Record<string, { accounts: readonly { name: string; type: string; mask: string }[]; microDeposits: boolean; returns: { code: string; reason: string } | null }>; // prettier-ignore
export type SandboxLogin = keyof typeof SANDBOX_LOGINS;
export const SANDBOX_PASSWORD = 'pass_good';
/** The two micro-deposits the sandbox "sends" to an account that needs them, in cents. */
export const MICRO_DEPOSIT_CENTS = [32, 45] as const;
const MICRO_DEPOSIT_TRIES = 3;

interface Account {
  id: string;
  name: string;
  type: 'checking' | 'savings';
  mask: string;
  status: 'verified' | 'pending_manual_verification' | 'verification_failed';
  tries: number;
}
interface Item {
  id: string;
  accessToken: string;
  institution: string;
  login: SandboxLogin;
  linkToken: string;
  accounts: Account[];
}
interface State {
  linkTokens: Record<string, { redirectUri: string; clientUserId: string; expiresAt: string }>;
  /** A login in progress on the hosted page, then the public token it ended with. */
  sessions: Record<string, { linkToken: string; itemId: string }>;
  publicTokens: Record<string, { itemId: string; used: boolean }>;
  items: Record<string, Item>;
  processorTokens: Record<string, { itemId: string; accountId: string }>;
}

const token = (prefix: string) => `${prefix}-sandbox-${randomBytes(12).toString('hex')}`;

export function bankLinkStore(file: string) {
  const read = (): State => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as State;
    } catch {
      return { linkTokens: {}, sessions: {}, publicTokens: {}, items: {}, processorTokens: {} };
    }
  };
  const write = (state: State) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(state));
  };
  const change = <T>(apply: (state: State) => T): T => {
    const state = read();
    const result = apply(state);
    write(state);
    return result;
  };
  const itemBy = (state: State, accessToken: string) => Object.values(state.items).find((item) => item.accessToken === accessToken);

  return {
    createLinkToken(clientUserId: string, redirectUri: string) {
      return change((state) => {
        const linkToken = token('link');
        const expiresAt = new Date(Date.now() + 4 * 3_600_000).toISOString();
        state.linkTokens[linkToken] = { redirectUri, clientUserId, expiresAt };
        return { link_token: linkToken, expiration: expiresAt };
      });
    },
    linkToken: (linkToken: string) => {
      const found = read().linkTokens[linkToken];
      return found && new Date(found.expiresAt) > new Date() ? found : undefined;
    },
    /** The hosted page's sign-in at an institution: the session and its accounts, or why not. */
    logIn(linkToken: string, institutionId: string, username: string, password: string) {
      return change((state) => {
        const institution = SANDBOX_INSTITUTIONS.find((candidate) => candidate.id === institutionId);
        if (!state.linkTokens[linkToken] || !institution) return { error: 'This link has expired. Go back and start again.' } as const;
        const login = SANDBOX_LOGINS[username as SandboxLogin];
        if (!login || password !== SANDBOX_PASSWORD)
          return { error: 'The username or password you entered is incorrect. Check them and try again.' } as const;
        const item: Item = {
          id: token('item'),
          accessToken: token('access'),
          institution: institution.name,
          login: username as SandboxLogin,
          linkToken,
          accounts: login.accounts.map((account) => ({
            ...account,
            id: token('acct'),
            status: login.microDeposits ? 'pending_manual_verification' : 'verified',
            tries: 0,
          })),
        };
        state.items[item.id] = item;
        const session = token('session');
        state.sessions[session] = { linkToken, itemId: item.id };
        return {
          session,
          institution: item.institution,
          accounts: item.accounts.map(({ id, name, type, mask }) => ({ id, name, type, mask })),
        };
      });
    },
    /** The account chosen: the item keeps only it, and the page gets the public token to hand back. */
    complete(session: string, accountId: string) {
      return change((state) => {
        const found = state.sessions[session];
        const item = found && state.items[found.itemId];
        if (!item || !item.accounts.some((account) => account.id === accountId)) return undefined;
        item.accounts = item.accounts.filter((account) => account.id === accountId);
        delete state.sessions[session];
        const publicToken = token('public');
        state.publicTokens[publicToken] = { itemId: item.id, used: false };
        return { publicToken, redirectUri: state.linkTokens[found.linkToken]!.redirectUri, linkToken: found.linkToken };
      });
    },
    exchange(publicToken: string) {
      return change((state) => {
        const found = state.publicTokens[publicToken];
        if (!found || found.used) return undefined;
        found.used = true;
        const item = state.items[found.itemId]!;
        return { access_token: item.accessToken, item_id: item.id, link_token: item.linkToken };
      });
    },
    accounts(accessToken: string) {
      const item = itemBy(read(), accessToken);
      return (
        item && {
          item: { item_id: item.id, institution_name: item.institution },
          accounts: item.accounts.map((account) => ({
            account_id: account.id,
            name: account.name,
            type: 'depository',
            subtype: account.type,
            mask: account.mask,
            verification_status: account.status,
          })),
        }
      );
    },
    verifyMicroDeposits(accessToken: string, accountId: string, amounts: number[]) {
      return change((state) => {
        const account = itemBy(state, accessToken)?.accounts.find((candidate) => candidate.id === accountId);
        if (!account) return { error: 'INVALID_ACCOUNT_ID' } as const;
        if (account.status !== 'pending_manual_verification') return { verification_status: account.status };
        const right = [...amounts].sort((a, b) => a - b).join() === MICRO_DEPOSIT_CENTS.join();
        account.tries += 1;
        if (right) account.status = 'verified';
        else if (account.tries >= MICRO_DEPOSIT_TRIES) account.status = 'verification_failed';
        return right || account.status === 'verification_failed'
          ? { verification_status: account.status }
          : ({ error: 'INCORRECT_DEPOSIT_AMOUNTS', attempts_left: MICRO_DEPOSIT_TRIES - account.tries } as const);
      });
    },
    processorToken(accessToken: string, accountId: string) {
      return change((state) => {
        const item = itemBy(state, accessToken);
        if (!item?.accounts.some((account) => account.id === accountId)) return undefined;
        const processorToken = token('processor');
        state.processorTokens[processorToken] = { itemId: item.id, accountId };
        return processorToken;
      });
    },
    /** What the payments processor learns of an account from its processor token: whether it may be debited, and how a transfer on it ends. */
    accountOf(processorToken: string) {
      const state = read();
      const found = state.processorTokens[processorToken];
      const item = found && state.items[found.itemId];
      const account = item?.accounts.find((candidate) => candidate.id === found!.accountId);
      return account && { verified: account.status === 'verified', returns: SANDBOX_LOGINS[item!.login].returns };
    },
  };
}
export type BankLinkStore = ReturnType<typeof bankLinkStore>;

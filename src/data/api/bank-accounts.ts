/**
 * Linked bank accounts from the API. Linking leaves the app for the provider's hosted page and
 * comes back to /link-account, which finishes it; a bank is never linked offline, but the accounts
 * already linked are kept on this device and shown offline.
 */
import * as z from 'zod/mini';
import { bankAccountListSchema, bankAccountSchema, linkStartAnswerSchema, type BankAccount } from '../../domain/bank-accounts';
import { apiRequest } from './api-client';
import { useApiAnswer } from '../records/use-api-answer';

const accountAnswer = z.object({ account: bankAccountSchema });

export const listBankAccounts = async () => (await apiRequest('GET', 'bank-accounts', bankAccountListSchema)).accounts;

/** Leaves for the bank link's hosted page; it sends the user back to `returnTo` through /link-account. */
export async function startBankLink(returnTo: string): Promise<void> {
  const { url } = await apiRequest('POST', 'bank-accounts/link', linkStartAnswerSchema, { returnTo });
  window.location.assign(url);
}

export const finishBankLink = async (publicToken: string, linkToken: string) =>
  (await apiRequest('POST', 'bank-accounts', accountAnswer, { publicToken, linkToken })).account;

export const confirmDeposits = async (id: string, amounts: [number, number]) =>
  (await apiRequest('POST', `bank-accounts/${id}/verify`, accountAnswer, { amounts })).account;

export const removeBankAccount = (id: string) => apiRequest('DELETE', `bank-accounts/${id}`, z.unknown());

export interface BankAccountsState {
  accounts: BankAccount[] | undefined;
  /** Why none could be shown (none saved on this device, and this read failed). */
  error: Error | undefined;
  reload: () => void;
  /** When the accounts shown were saved, while they are this device's copy (offline, or before this read answers). */
  savedAt: number | undefined;
}

/**
 * The caller's linked accounts, kept on this device (they show offline, with their age) and read
 * again by themselves when the connection returns (use-api-answer.ts): never a screen that waits
 * for "Try again" after a dropped connection.
 */
export function useBankAccounts(): BankAccountsState {
  const { answer, problem, reload, savedAt } = useApiAnswer(listBankAccounts, [], { keep: 'bank-accounts' });
  return { accounts: answer, error: answer ? undefined : (problem ?? undefined), reload: () => void reload(), savedAt };
}

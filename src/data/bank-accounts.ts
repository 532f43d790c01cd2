/**
 * Linked bank accounts from the API. Linking leaves the app for the provider's hosted page and
 * comes back to /link-account, which finishes it; everything here needs the connection (a bank
 * is never linked offline), so the hook says when it cannot load.
 */
import { useCallback, useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { bankAccountListSchema, bankAccountSchema, linkStartAnswerSchema, type BankAccount } from '../domain/bank-accounts';
import { apiRequest } from './api-client';

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
  error: Error | undefined;
  reload: () => void;
}

export function useBankAccounts(): BankAccountsState {
  const [accounts, setAccounts] = useState<BankAccount[]>();
  const [error, setError] = useState<Error>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setError(undefined);
    listBankAccounts().then(
      (found) => current && setAccounts(found),
      (failure: Error) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { accounts, error, reload };
}

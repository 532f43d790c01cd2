import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { refreshTransactions } from '../../data/records/transactions';
import { useTransactionList } from '../../data/records/use-transactions';
import { isFinished } from '../../domain/sale-state';

/** The transaction named in the URL, else the latest active one; the list refreshed from the API on open. */
export function usePickedTransaction() {
  const { transactionId } = useParams();
  const rows = useTransactionList();
  useEffect(() => {
    refreshTransactions().catch(() => undefined); // offline: what was saved
  }, []);
  const active = rows?.filter((row) => !isFinished(row.sale));
  const picked = rows?.find((row) => row.id === transactionId) ?? (transactionId ? undefined : active?.[0]);
  return { rows: active, picked, named: transactionId, loading: rows === undefined };
}

/**
 * `/dashboard/dealers` (admins): the applications waiting for a decision (dealer-applications.tsx),
 * the dealers of the programme, making a signed-up user a dealer with their dealership's name,
 * licence number and address, and taking it back. The API decides who is an admin; anyone else is
 * told this page is not theirs.
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import { notSavedText } from '../../data/api/problem-words';
import { dealers, grantDealer, revokeDealer } from '../../data/api/dealers';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { dealerGrantSchema, type Dealer } from '../../domain/dealer-contract';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AddressFields } from '../../ui/form/address-fields';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { PageMeta } from '../../ui/page-meta';
import { showToast } from '../../ui/toast-store';
import { DealerApplications } from './dealer-applications';

const { address, ...who } = dealerGrantSchema.shape;
const formSchema = z.object({ ...who, ...address.shape, line2: z.string() });
const EMPTY = { email: '', dealershipName: '', licenceNumber: '', line1: '', line2: '', city: '', state: '', postalCode: '' };

export function Component() {
  const list = useApiAnswer(dealers, []);
  // A new form after each grant: the last one's fields and their messages go with it.
  const [granted, setGranted] = useState(0);
  if (list.problem && 'status' in list.problem && list.problem.status === 403)
    return (
      <section>
        <PageMeta title="Dealers" description="The dealer programme." />
        <h1 className="title">Dealers</h1>
        <Alert kind="warning">Only an admin can manage dealers.</Alert>
      </section>
    );
  return (
    <section aria-labelledby="dealers-heading">
      <PageMeta title="Dealers" description="Make users dealers and take it back." />
      <h1 id="dealers-heading" className="title">
        Dealers
      </h1>
      <DealerApplications onApproved={list.reload} />
      <h2 className="title is-4">Current dealers</h2>
      {list.problem && <Alert kind="danger">{list.problem.message}</Alert>}
      {!list.answer && !list.problem && <p role="status">Loading dealers…</p>}
      {list.answer && <DealerList dealers={list.answer.dealers} onChange={list.reload} />}
      <GrantForm key={granted} onGranted={() => (setGranted((count) => count + 1), list.reload())} />
    </section>
  );
}

function DealerList({ dealers: rows, onChange }: { dealers: Dealer[]; onChange: () => Promise<void> }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (!rows.length) return <p className="mb-5">No dealers yet.</p>;
  async function revoke(dealer: Dealer) {
    setBusy(dealer.userId);
    try {
      await revokeDealer(dealer.userId);
      showToast(`${dealer.dealershipName} is no longer a dealer.`);
      await onChange();
    } catch (error) {
      showToast((error as Error).message, 'danger');
    } finally {
      setBusy(null);
    }
  }
  return (
    <ul className="mb-5" aria-label="Dealers">
      {rows.map((dealer) => (
        <li key={dealer.userId} className="box is-flex is-flex-wrap-wrap is-justify-content-space-between is-align-items-center">
          <div>
            <p className="has-text-weight-semibold">{dealer.dealershipName}</p>
            <p>
              {dealer.email} · licence {dealer.licenceNumber}
            </p>
            <p className="help">
              {dealer.address.line1}, {dealer.address.city}, {dealer.address.state} {dealer.address.postalCode}
            </p>
          </div>
          <Button variant="outlined" loading={busy === dealer.userId} onClick={() => void revoke(dealer)}>
            Take back dealer rights
          </Button>
        </li>
      ))}
    </ul>
  );
}

function GrantForm({ onGranted }: { onGranted: () => Promise<void> }) {
  const form = useZodForm(formSchema, EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const dealer = await grantDealer({
        email: values.email,
        dealershipName: values.dealershipName,
        licenceNumber: values.licenceNumber,
        address: {
          line1: [values.line1, values.line2.trim()].filter(Boolean).join(', '),
          city: values.city,
          state: values.state,
          postalCode: values.postalCode,
        },
      });
      showToast(`${dealer.email} is now a dealer for ${dealer.dealershipName}.`, 'success');
      await onGranted();
    } catch (error) {
      setFailure(notSavedText('The dealer was not added', error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="grant-heading" className="box">
      <h2 id="grant-heading" className="title is-5">
        Make a user a dealer
      </h2>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <TextField label="The user’s e-mail" type="email" autoComplete="off" {...form.textField('email')} />
      <TextField label="Dealership name" autoComplete="organization" {...form.textField('dealershipName')} />
      <TextField label="Dealer licence number" autoComplete="off" {...form.textField('licenceNumber')} />
      <AddressFields text={(name) => form.textField(name)} state={form.field('state')} />
      <Button type="submit" loading={form.submitting}>
        Make dealer
      </Button>
    </form>
  );
}

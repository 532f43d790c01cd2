/**
 * `/transaction/information/create` (auth): a buyer starts a sale. The seller by e-mail or
 * Caramel code, the car as the buyer knows it (year, make, model; the VIN if they have it,
 * checked), its mileage and the price they offer. It goes out as an offer through the outbox, so
 * it is saved at once (offline too); the seller then confirms the car (/transaction/information).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { notSavedText } from '../../../data/api/problem-words';
import { startOffer } from '../../../data/outbox/offer-actions';
import { readCaramelCode } from '../../../domain/caramel-code';
import { MAX_MILEAGE, parseWholeNumber, typedDollars } from '../../../domain/offer-fields';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CurrencyField, TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { PageMeta } from '../../../ui/page-meta';
import { vehicleDraftShape, VehicleFields, vinCheck } from './vehicle-fields';

const isEmail = (text: string) => text.includes('@');

const schema = z
  .object({
    counterparty: z.string().check(
      z.trim(),
      z.refine((text) => (isEmail(text) ? z.email().safeParse(text).success : readCaramelCode(text).ok), {
        error: (issue) => counterpartyProblem(String(issue.input)),
      }),
    ),
    ...vehicleDraftShape,
    mileage: z.string().check(
      z.trim(),
      z.regex(/^\d[\d,]*$/, 'Enter the mileage in whole miles'),
      z.refine((text) => parseWholeNumber(text) <= MAX_MILEAGE, 'That mileage is not possible'),
    ),
    amount: typedDollars('amount'),
  })
  .check(vinCheck(false));

function counterpartyProblem(text: string): string {
  if (!text.trim()) return 'Enter the seller’s e-mail or their Caramel code';
  if (isEmail(text)) return 'Enter an e-mail address such as name@example.com';
  const code = readCaramelCode(text);
  return code.ok ? '' : code.message;
}

const EMPTY = { counterparty: '', modelYear: '', make: '', model: '', vin: '', mileage: '', amount: '' };

export function Component() {
  const navigate = useNavigate();
  const form = useZodForm(schema, EMPTY, { key: 'offer-new' });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (draft) => {
    setFailure(null);
    const counterparty = draft.counterparty.trim();
    try {
      const key = await startOffer({
        vehicle: {
          modelYear: Number(draft.modelYear),
          make: draft.make.trim(),
          model: draft.model.trim(),
          mileage: parseWholeNumber(draft.mileage),
          ...(draft.vin.trim() ? { vin: draft.vin } : {}),
        },
        amount: parseWholeNumber(draft.amount),
        role: 'buyer',
        ...(isEmail(counterparty) ? { counterpartyEmail: counterparty } : { counterpartyCode: counterparty }),
      });
      navigate(`/transaction/information?started=${key}`);
    } catch (error) {
      setFailure(notSavedText('Your offer was not sent', error));
    }
  });

  return (
    <section aria-labelledby="buy-heading">
      <PageMeta
        title="Make an offer to buy"
        description="Tell us about the car you want and the price you offer; the seller confirms the car."
      />
      <h1 id="buy-heading" className="title">
        Make an offer to buy
      </h1>
      <p className="mb-5">
        Tell us who is selling, what the car is and what you offer. The seller confirms the car’s details, then answers.
      </p>
      <form onSubmit={submit} noValidate aria-labelledby="buy-heading">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <TextField
          label="Seller’s e-mail or Caramel code"
          autoComplete="off"
          help="Their Caramel code is on their dashboard: eight letters and digits, such as 7KQ2-M9X1."
          {...form.textField('counterparty')}
        />
        <VehicleFields bind={form.textField} vin={form.values.vin} vinLabel="VIN (optional)" />
        <TextField label="Mileage" inputMode="numeric" {...form.textField('mileage')} />
        <CurrencyField label="Your offer" {...form.textField('amount')} />
        <Button type="submit" loading={form.submitting}>
          Send offer
        </Button>
      </form>
    </section>
  );
}

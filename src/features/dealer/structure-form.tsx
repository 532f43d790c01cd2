/**
 * Structuring an approved sale: the term (up to the lender's maximum) and the down payment for a
 * financed sale, and the warranty and GAP products with their prices and what each covers. The
 * figures are worked out as the dealer chooses, by the same function the server records them with.
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import { structureSale } from '../../data/api/dealers';
import { DEALER_PRODUCT_NAMES, DEALER_PRODUCTS, structureOf, type DealerProduct, type DealerSale } from '../../domain/dealer-contract';
import { parseWholeNumber } from '../../domain/offer-fields';
import { formatCents, LOAN_TERMS, type LoanTerm } from '../../domain/pricing';
import { Alert } from '../../ui/alert';
import { aprText } from './decision-panel';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/form/choice-fields';
import { SelectField } from '../../ui/form/select-field';
import { CurrencyField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';

const draftSchema = z.object({
  termMonths: z.string(),
  downPayment: z.string().check(z.trim(), z.regex(/^\d[\d,]*$/, 'Enter the down payment in whole dollars, or 0')),
  warranty: z.boolean(),
  gap: z.boolean(),
});

export function StructureForm({ sale, onStructured }: { sale: DealerSale; onStructured: (sale: DealerSale) => void }) {
  const financed = sale.kind === 'finance';
  const maxTerm = sale.terms?.maxTermMonths ?? 0;
  const terms = LOAN_TERMS.filter((term) => term <= maxTerm);
  const form = useZodForm(
    draftSchema.check(
      z.refine((draft) => !financed || parseWholeNumber(draft.downPayment) < sale.priceDollars, {
        message: 'The down payment must be less than the price',
        path: ['downPayment'],
      }),
    ),
    { termMonths: String(terms.at(-1) ?? ''), downPayment: '0', warranty: false, gap: false },
    { key: `dealer-structure:${sale.id}` },
  );
  const [key] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const products = DEALER_PRODUCT_NAMES.filter((product) => form.values[product]);
  const choice = {
    ...(financed
      ? { termMonths: Number(form.values.termMonths) as LoanTerm, downPaymentDollars: parseWholeNumber(form.values.downPayment) || 0 }
      : {}),
    products,
  };
  const figures = structureOf(
    { priceDollars: sale.priceDollars, kind: sale.kind, aprBasisPoints: sale.terms?.aprBasisPoints ?? null },
    choice,
  );

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    try {
      onStructured(await structureSale(sale.id, { idempotencyKey: key, ...choice }));
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="structure-heading" className="box">
      <h2 id="structure-heading" className="title is-5">
        Structure the deal
      </h2>
      {failure && <Alert kind="danger">{failure}</Alert>}
      {financed && (
        <>
          <SelectField
            label="Term"
            options={terms.map((term) => ({ value: String(term), label: `${term} months` }))}
            name="termMonths"
            value={form.values.termMonths}
            onChange={(event) => form.field('termMonths').onChange(event.target.value)}
          />
          <CurrencyField label="Down payment" {...form.textField('downPayment')} />
        </>
      )}
      <fieldset className="mb-4">
        <legend className="label">Protection products</legend>
        {DEALER_PRODUCT_NAMES.map((product: DealerProduct) => (
          <CheckboxField
            key={product}
            label={`${DEALER_PRODUCTS[product].name} — ${formatCents(DEALER_PRODUCTS[product].priceCents)}`}
            help={DEALER_PRODUCTS[product].handout}
            {...form.checkboxField(product)}
          />
        ))}
      </fieldset>
      <dl className="dealer-facts mb-4" aria-label="The deal">
        <dt>Price with products</dt>
        <dd>{formatCents(sale.priceDollars * 100 + figures.productsCents)}</dd>
        {financed && (
          <>
            <dt>APR</dt>
            <dd>{aprText(figures.aprBasisPoints ?? 0)}</dd>
            <dt>Amount financed</dt>
            <dd>{formatCents(figures.amountFinancedCents)}</dd>
            <dt>Monthly payment</dt>
            <dd>{formatCents(figures.monthlyPaymentCents)}</dd>
          </>
        )}
        <dt>The customer pays before signing</dt>
        <dd>{formatCents(figures.dueFromCustomerCents)}</dd>
      </dl>
      <Button type="submit" loading={form.submitting}>
        Save the structure
      </Button>
    </form>
  );
}

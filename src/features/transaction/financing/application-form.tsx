import { financeApplicationForm } from '../../../domain/transaction-forms';
import { CREDIT_BANDS, LOAN_TERMS } from '../../../domain/pricing';
import { Button } from '../../../ui/button';
import { CheckboxField } from '../../../ui/form/choice-fields';
import { SelectField } from '../../../ui/form/select-field';
import { CurrencyField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useTransactionContext } from '../transaction-context';
import type { Estimate } from './loan-estimator';

/** The lending application: what lenders need, and explicit consent to a credit check. */
export function ApplicationForm({ estimate, onCancel }: { estimate: Estimate; onCancel?: () => void }) {
  const { detail, act } = useTransactionContext();
  // Asked once, in the identity step's details; shown here to confirm or correct.
  const income = detail.data.identity.additionalInfo?.annualIncomeDollars ?? detail.data.financing.application?.annualIncomeDollars;
  const form = useZodForm(
    financeApplicationForm,
    {
      downPaymentDollars: estimate.downPayment,
      months: estimate.months,
      band: estimate.band as string,
      annualIncomeDollars: income === undefined ? '' : income.toLocaleString('en-US'),
      creditCheckConsent: false,
    },
    { key: `finance-application:${detail.id}`, omit: ['creditCheckConsent'] },
  );
  const select = (name: 'months' | 'band') => {
    const bound = form.field(name);
    return {
      name,
      value: String(bound.value),
      error: bound.error,
      onBlur: bound.onBlur,
      onChange: (event: { target: { value: string } }) => bound.onChange(event.target.value),
    };
  };
  return (
    <section aria-labelledby="lending-application">
      <h1 id="lending-application" className="title is-4">
        Lending application
      </h1>
      <p className="mb-4">We send this to our partner lenders once. Their offers usually arrive within a minute.</p>
      <form noValidate onSubmit={form.handleSubmit((application) => act('finance application submitted', application))}>
        <CurrencyField label="Down payment" {...form.textField('downPaymentDollars')} />
        <SelectField
          label="Loan term"
          options={LOAN_TERMS.map((term) => ({ value: String(term), label: `${term} months` }))}
          {...select('months')}
        />
        <SelectField
          label="Your credit"
          options={Object.entries(CREDIT_BANDS).map(([value, band]) => ({ value, label: band.label }))}
          {...select('band')}
        />
        <CurrencyField
          label="Yearly income before tax"
          help={income === undefined ? undefined : 'From the details you gave in the identity step; correct it if it has changed.'}
          {...form.textField('annualIncomeDollars')}
        />
        <CheckboxField
          label="I agree that Caramel and its partner lenders may check my credit to make loan offers. This is a soft inquiry and does not affect my credit score; a lender whose offer I accept makes a hard inquiry."
          {...form.checkboxField('creditCheckConsent')}
        />
        <div className="buttons">
          <Button type="submit" loading={form.submitting}>
            Submit application
          </Button>
          {onCancel && (
            <Button type="button" variant="text" onClick={onCancel}>
              Back
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

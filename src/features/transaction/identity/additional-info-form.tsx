import { additionalInfoForm } from '../../../domain/transaction-forms';
import { Button } from '../../../ui/button';
import { RadioGroup } from '../../../ui/form/choice-fields';
import { CurrencyField, TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useTransactionContext } from '../transaction-context';

/** The last identity question set: housing, time at the address, employer and income (used by lenders). */
export function AdditionalInfoForm() {
  const { detail, act } = useTransactionContext();
  const form = useZodForm(
    additionalInfoForm,
    { housing: '', yearsAtAddress: '', employer: '', annualIncomeDollars: '' },
    { key: `identity-more:${detail.id}` },
  );
  const housing = form.field('housing');
  return (
    <section aria-labelledby="additional-info">
      <h1 id="additional-info" className="title is-4">
        A few more details
      </h1>
      <p className="mb-4">Your address is confirmed. Lenders ask for these before they can make you an offer.</p>
      <form noValidate onSubmit={form.handleSubmit((values) => act('identity done', values))}>
        <RadioGroup
          legend="Do you own or rent your home?"
          name="housing"
          options={[
            { value: 'own', label: 'Own' },
            { value: 'rent', label: 'Rent' },
            { value: 'other', label: 'Other (family, military housing …)' },
          ]}
          value={String(housing.value)}
          onChange={housing.onChange}
          error={housing.error}
        />
        <TextField label="Years at this address" inputMode="numeric" {...form.textField('yearsAtAddress')} />
        <TextField label="Employer" autoComplete="organization" help="Or “self-employed”, “retired”." {...form.textField('employer')} />
        <CurrencyField label="Yearly income before tax" {...form.textField('annualIncomeDollars')} />
        <Button type="submit" loading={form.submitting}>
          Finish identity step
        </Button>
      </form>
    </section>
  );
}

/**
 * "Submit a sale": cash or finance; the car by VIN (checked as typed) and mileage; the price; the
 * customer; for finance the customer's credit application with their consent, typed in here or
 * signed on paper (uploaded on the sale's page once it is in). The SSN is typed into a hidden
 * field and leaves only in the request to the API: the answer and every screen after it show its
 * last four digits at most.
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import { submitSale } from '../../data/api/dealers';
import { HOUSING, HOUSING_LABELS, ssnField, type DealerSale } from '../../domain/dealer-contract';
import { MAX_MILEAGE, parseWholeNumber, typedDollars, vinField } from '../../domain/offer-fields';
import { mobileFromDigits, personName } from '../../domain/profile-fields';
import { checkVin } from '../../domain/vin';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckboxField, RadioGroup } from '../../ui/form/choice-fields';
import { MaskedField } from '../../ui/form/masked-field';
import { PasswordField } from '../../ui/form/password-field';
import { SelectField } from '../../ui/form/select-field';
import { CurrencyField, TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';

const wholeNumber = (message: string) => z.string().check(z.trim(), z.regex(/^\d[\d,]*$/, message));
// A credit application field: checked only for a financed sale, and a typed field only when the application is typed in.
const financed = <T,>(check: (value: T) => boolean, message: string, path: string, mode?: 'typed' | 'signed') =>
  z.refine<Record<string, unknown>>(
    (draft) => draft.kind === 'cash' || (mode !== undefined && draft.applicationMode !== mode) || check(draft[path] as T),
    { message, path: [path] },
  );
const typed = <T,>(check: (value: T) => boolean, message: string, path: string) => financed(check, message, path, 'typed');

const draftSchema = z
  .object({
    kind: z.enum(['cash', 'finance']),
    vin: vinField,
    mileage: wholeNumber('Enter the mileage in whole miles').check(
      z.refine((text) => parseWholeNumber(text) <= MAX_MILEAGE, 'That mileage is not possible'),
    ),
    price: typedDollars('price'),
    name: personName('The customer’s name'),
    email: z.email('Enter the customer’s e-mail address'),
    mobileDigits: z.string().check(z.regex(/^[2-9]\d{2}[2-9]\d{6}$/, 'Enter a 10-digit US mobile number, such as (415) 555-0134')),
    applicationMode: z.enum(['typed', 'signed']),
    income: z.string(),
    housing: z.string(),
    housingPayment: z.string(),
    employer: z.string(),
    years: z.string(),
    ssn: z.string(),
    signed: z.boolean(),
    consent: z.boolean(),
  })
  .check(
    typed((text: string) => /^\d[\d,]*$/.test(text.trim()), 'Enter the annual income in whole dollars', 'income'),
    typed((value: string) => (HOUSING as readonly string[]).includes(value), 'Choose how the customer lives', 'housing'),
    typed((text: string) => /^\d[\d,]*$/.test(text.trim()), 'Enter the monthly housing payment in whole dollars', 'housingPayment'),
    typed((text: string) => text.trim().length > 0, 'Enter the employer', 'employer'),
    typed((text: string) => /^\d{1,2}$/.test(text.trim()), 'Enter the whole years at this employer', 'years'),
    typed((text: string) => ssnField.safeParse(text.replace(/\D/g, '')).success, 'Enter the 9-digit Social Security number', 'ssn'),
    financed((given: boolean) => given, 'Only an application the customer signed can be sent', 'signed', 'signed'),
    financed((given: boolean) => given, 'The customer must agree to the credit check', 'consent'),
  );
type Draft = z.infer<typeof draftSchema>;

const EMPTY: Draft = {
  kind: 'finance',
  vin: '',
  mileage: '',
  price: '',
  name: '',
  email: '',
  mobileDigits: '',
  applicationMode: 'typed',
  income: '',
  housing: '',
  housingPayment: '',
  employer: '',
  years: '',
  ssn: '',
  signed: false,
  consent: false,
};

export function SaleForm({ onSubmitted }: { onSubmitted: (sale: DealerSale) => void }) {
  // The customer's social security number and both consents are never kept on the device.
  const form = useZodForm(draftSchema, EMPTY, { key: 'dealer-sale', omit: ['ssn', 'signed', 'consent'] });
  const [failure, setFailure] = useState<string | null>(null);
  // One key per sale being typed: a submit retried after a lost answer gets the same sale, not a second one.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const vin = checkVin(form.values.vin);

  const submit = form.handleSubmit(async (draft) => {
    setFailure(null);
    try {
      const sale = await submitSale(
        {
          kind: draft.kind,
          vehicle: { vin: draft.vin, mileage: parseWholeNumber(draft.mileage) },
          priceDollars: parseWholeNumber(draft.price),
          customer: { name: draft.name, email: draft.email.trim(), mobile: mobileFromDigits(draft.mobileDigits) },
          ...(draft.kind === 'finance' && draft.applicationMode === 'signed'
            ? { signedApplication: { customerSigned: true as const, consent: true as const } }
            : {}),
          ...(draft.kind === 'finance' && draft.applicationMode === 'typed'
            ? {
                application: {
                  annualIncomeDollars: parseWholeNumber(draft.income),
                  housing: draft.housing as (typeof HOUSING)[number],
                  monthlyHousingDollars: parseWholeNumber(draft.housingPayment),
                  employer: draft.employer.trim(),
                  yearsEmployed: Number(draft.years),
                  ssn: draft.ssn.replace(/\D/g, ''),
                  consent: true as const,
                },
              }
            : {}),
        },
        key,
      );
      // The SSN leaves the page with the request: nothing keeps it once the sale is in.
      form.setValues(EMPTY);
      setKey(crypto.randomUUID());
      onSubmitted(sale);
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  const mobile = form.field('mobileDigits');
  const finance = form.values.kind === 'finance';
  const signed = form.values.applicationMode === 'signed';
  return (
    <form onSubmit={submit} noValidate aria-labelledby="submit-sale-heading" className="box">
      <h2 id="submit-sale-heading" className="title is-5">
        Submit a sale
      </h2>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <RadioGroup
        legend="The customer pays"
        name="kind"
        options={[
          { value: 'finance', label: 'With financing' },
          { value: 'cash', label: 'Cash' },
        ]}
        value={form.values.kind}
        onChange={(value) => form.field('kind').onChange(value as Draft['kind'])}
      />
      <fieldset className="mb-4">
        <legend className="label">The car</legend>
        <TextField
          label="VIN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          help={vin.ok ? `${vin.modelYear}${vin.maker ? ` ${vin.maker}` : ''}` : '17 characters, on the title and the dashboard.'}
          {...form.textField('vin')}
        />
        <TextField label="Mileage" inputMode="numeric" {...form.textField('mileage')} />
        <CurrencyField label="Sale price" {...form.textField('price')} />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="label">The customer</legend>
        <TextField label="Customer’s name" autoComplete="off" {...form.textField('name')} />
        <TextField label="Customer’s e-mail" type="email" autoComplete="off" {...form.textField('email')} />
        <MaskedField
          label="Customer’s mobile"
          mask="(###) ###-####"
          inputMode="tel"
          autoComplete="off"
          value={String(mobile.value)}
          onValueChange={mobile.onChange}
          onBlur={mobile.onBlur}
          error={mobile.error}
        />
      </fieldset>
      {finance && (
        <fieldset className="mb-4">
          <legend className="label">Credit application</legend>
          <RadioGroup
            legend="How to send it"
            name="applicationMode"
            options={[
              { value: 'typed', label: 'Type the application' },
              { value: 'signed', label: 'Upload a signed application' },
            ]}
            value={form.values.applicationMode}
            onChange={(value) => form.field('applicationMode').onChange(value as Draft['applicationMode'])}
            help={signed ? 'Once the sale is in, you upload the signed application (a PDF or a photo) on its page and send it.' : undefined}
          />
          {signed ? (
            <CheckboxField label="The customer signed the credit application." {...form.checkboxField('signed')} />
          ) : (
            <>
              <CurrencyField label="Annual income" {...form.textField('income')} />
              <SelectField
                label="Housing"
                placeholder="Choose"
                options={HOUSING.map((value) => ({ value, label: HOUSING_LABELS[value] }))}
                name="housing"
                value={form.values.housing}
                error={form.errors.housing}
                onBlur={form.field('housing').onBlur}
                onChange={(event) => form.field('housing').onChange(event.target.value)}
              />
              <CurrencyField label="Monthly housing payment" {...form.textField('housingPayment')} />
              <TextField label="Employer" autoComplete="off" {...form.textField('employer')} />
              <TextField label="Years at this employer" inputMode="numeric" maxLength={2} {...form.textField('years')} />
              <PasswordField
                label="Social Security number"
                help="Nine digits. Sent to the lender only; we keep the last four."
                inputMode="numeric"
                autoComplete="off"
                maxLength={11}
                {...form.textField('ssn')}
              />
            </>
          )}
          <CheckboxField
            label="The customer agrees to a credit check by the lender for this purchase."
            {...form.checkboxField('consent')}
          />
        </fieldset>
      )}
      <Button type="submit" loading={form.submitting}>
        {finance && !signed ? 'Submit for a decision' : 'Submit the sale'}
      </Button>
    </form>
  );
}

import { addressSchema, type Address } from '../../../domain/payload-fields';
import { US_STATES } from '../../../domain/pricing';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/form/select-field';
import { TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';

/** A US home address (the identity step's address and its manual correction). */
export function AddressForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial?: Address | null;
  submitLabel: string;
  onSubmit: (address: Address) => Promise<void>;
}) {
  const form = useZodForm(addressSchema, {
    line1: initial?.line1 ?? '',
    line2: initial?.line2 ?? '',
    city: initial?.city ?? '',
    state: initial?.state ?? '',
    postalCode: initial?.postalCode ?? '',
  });
  const state = form.field('state');
  return (
    <form noValidate onSubmit={form.handleSubmit(async (address) => onSubmit({ ...address, line2: address.line2 || undefined }))}>
      <TextField label="Street address" autoComplete="address-line1" {...form.textField('line1')} />
      <TextField label="Apartment, suite (optional)" autoComplete="address-line2" {...form.textField('line2')} />
      <div className="columns">
        <div className="column is-half">
          <TextField label="City" autoComplete="address-level2" {...form.textField('city')} />
        </div>
        <div className="column">
          <SelectField
            label="State"
            autoComplete="address-level1"
            placeholder="Choose"
            options={US_STATES.map((code) => ({ value: code, label: code }))}
            name="state"
            value={String(state.value)}
            error={state.error}
            onBlur={state.onBlur}
            onChange={(event) => state.onChange(event.target.value)}
          />
        </div>
        <div className="column">
          <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" maxLength={5} {...form.textField('postalCode')} />
        </div>
      </div>
      <Button type="submit" loading={form.submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

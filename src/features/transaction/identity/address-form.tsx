import { addressSchema, type Address } from '../../../domain/payload-fields';
import { Button } from '../../../ui/button';
import { AddressFields } from '../../../ui/form/address-fields';
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
  return (
    <form noValidate onSubmit={form.handleSubmit(async (address) => onSubmit({ ...address, line2: address.line2 || undefined }))}>
      <AddressFields text={form.textField} state={form.field('state')} />
      <Button type="submit" loading={form.submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

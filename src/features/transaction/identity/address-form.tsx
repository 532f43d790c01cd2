import { addressSchema, type Address } from '../../../domain/payload-fields';
import { Button } from '../../../ui/button';
import { AddressFields } from '../../../ui/form/address-fields';
import { useZodForm } from '../../../ui/form/use-zod-form';

/** A US home address (the identity step's address and its manual correction), kept as a draft under `draftKey` until sent. */
export function AddressForm({
  initial,
  submitLabel,
  onSubmit,
  draftKey,
}: {
  initial?: Address | null;
  draftKey?: string;
  submitLabel: string;
  onSubmit: (address: Address) => Promise<void>;
}) {
  const form = useZodForm(
    addressSchema,
    {
      line1: initial?.line1 ?? '',
      line2: initial?.line2 ?? '',
      city: initial?.city ?? '',
      state: initial?.state ?? '',
      postalCode: initial?.postalCode ?? '',
    },
    draftKey ? { key: draftKey } : undefined,
  );
  return (
    <form noValidate onSubmit={form.handleSubmit(async (address) => onSubmit({ ...address, line2: address.line2 || undefined }))}>
      <AddressFields text={form.textField} state={form.field('state')} />
      <Button type="submit" loading={form.submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

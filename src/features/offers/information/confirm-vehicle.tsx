/**
 * "Confirm vehicle information" (SPEC §2.10): the seller confirms or corrects the car a buyer
 * described, with its VIN — checked as typed; a valid VIN from a maker we do not know gets the
 * "unable to confirm VIN" step, with a way on. Goes out through the outbox.
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import { queueOfferAction } from '../../../data/outbox/offer-actions';
import type { CachedNegotiation } from '../../../data/records/offer-records';
import { checkVin } from '../../../domain/vin';
import { Button } from '../../../ui/button';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { showToast } from '../../../ui/toast-store';
import { vehicleDraftShape, VehicleFields, vinCheck, type VehicleDraft } from './vehicle-fields';
import { notSavedText } from '../../../data/api/problem-words';

const schema = z.object(vehicleDraftShape).check(vinCheck(true));

export function ConfirmVehicle({ offer }: { offer: CachedNegotiation }) {
  const form = useZodForm(
    schema,
    {
      modelYear: String(offer.vehicle.modelYear),
      make: offer.vehicle.make ?? '',
      model: offer.vehicle.model ?? '',
      vin: offer.vehicle.vin ?? '',
    },
    { key: `confirm-vehicle:${offer.id}` },
  );
  const [unknownMaker, setUnknownMaker] = useState<VehicleDraft | null>(null);

  const send = (draft: VehicleDraft) =>
    queueOfferAction(offer.id, {
      action: 'confirm-vehicle',
      vehicle: {
        vin: checkVin(draft.vin).ok ? draft.vin.trim().toUpperCase() : draft.vin,
        modelYear: Number(draft.modelYear),
        make: draft.make.trim(),
        model: draft.model.trim(),
      },
    }).catch((error: unknown) => showToast(notSavedText('Your confirmation was not saved', error), 'danger'));

  const submit = form.handleSubmit(async (draft) => {
    const vin = checkVin(draft.vin);
    if (vin.ok && !vin.maker) return setUnknownMaker(draft);
    await send(draft);
  });

  if (unknownMaker)
    return (
      <section aria-labelledby="vin-unconfirmed">
        <h2 id="vin-unconfirmed" className="title is-5">
          Unable to confirm VIN
        </h2>
        <p className="mb-4">
          <strong>{checkVin(unknownMaker.vin).ok && unknownMaker.vin.toUpperCase()}</strong> is a valid VIN, but we could not tell which
          maker built it, so we cannot check it against “{unknownMaker.make}”. Check it against the title or the driver-side door frame.
        </p>
        <div className="buttons">
          <Button onClick={() => void send(unknownMaker).then(() => setUnknownMaker(null))}>The VIN is right — confirm</Button>
          <Button variant="outlined" onClick={() => setUnknownMaker(null)}>
            Edit the details
          </Button>
        </div>
      </section>
    );

  return (
    <section aria-labelledby="confirm-vehicle">
      <h2 id="confirm-vehicle" className="title is-5">
        Confirm vehicle information
      </h2>
      <p className="mb-4">
        This is the car as the buyer described it. Correct anything that is wrong and add its VIN: no deal can be made before you confirm.
      </p>
      <form onSubmit={submit} noValidate aria-labelledby="confirm-vehicle">
        <VehicleFields bind={form.textField} vin={form.values.vin} vinLabel="VIN (vehicle identification number)" />
        <Button type="submit" loading={form.submitting}>
          Confirm vehicle
        </Button>
      </form>
    </section>
  );
}

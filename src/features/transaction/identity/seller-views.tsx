/** The seller's end of the identity step: where the car is picked up, then the vehicle's reports before title work. */
import { useState } from 'react';
import type { Address } from '../../../domain/payload-fields';
import { Button } from '../../../ui/button';
import { RadioGroup } from '../../../ui/form/choice-fields';
import { isPending, useTransactionContext } from '../transaction-context';
import { VehicleReportsView } from '../../../ui/reports/vehicle-reports';
import { AddressForm } from './address-form';

const oneLine = (address: Address) =>
  `${address.line1}${address.line2 ? `, ${address.line2}` : ''}, ${address.city}, ${address.state} ${address.postalCode}`;

export function PickupAddress() {
  const { detail, act } = useTransactionContext();
  const home = detail.data.identity.address;
  const [where, setWhere] = useState<'home' | 'elsewhere'>('home');
  return (
    <section aria-labelledby="pickup">
      <h1 id="pickup" className="title is-4">
        Where is the car?
      </h1>
      <p className="mb-4">
        Your address is confirmed. The buyer, or their transport company, picks the car up here, and delivery prices are worked out from it.
      </p>
      <RadioGroup
        legend="The car is kept"
        name="pickup"
        options={[
          { value: 'home', label: home ? `At my home address: ${oneLine(home)}` : 'At my home address' },
          { value: 'elsewhere', label: 'Somewhere else' },
        ]}
        value={where}
        onChange={(value) => setWhere(value as 'home' | 'elsewhere')}
      />
      {where === 'home' && home ? (
        <Button onClick={() => void act('identity done', { pickupAddress: home })}>Finish identity step</Button>
      ) : (
        <AddressForm
          submitLabel="Finish identity step"
          draftKey={`pickup-address:${detail.id}`}
          onSubmit={(pickupAddress) => act('identity done', { pickupAddress })}
        />
      )}
    </section>
  );
}

export function SellerReports() {
  const { detail, pending, act } = useTransactionContext();
  return (
    <section aria-labelledby="reports">
      <h1 id="reports" className="title is-4">
        Your vehicle's reports
      </h1>
      <p className="mb-4">
        Your identity is verified. This is what a history report says about VIN {detail.vehicle.vin}; your buyer sees the same. If something
        here looks wrong, go on anyway: our title desk checks the record against your title and photos and asks you about anything that does
        not match.
      </p>
      <VehicleReportsView reports={detail.vehicleReports} />
      <Button className="mt-4" onClick={() => void act('reports reviewed')} loading={isPending(pending, 'reports reviewed')}>
        Continue to title
      </Button>
    </section>
  );
}

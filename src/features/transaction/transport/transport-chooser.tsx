import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RadioGroup } from '../../../ui/form/choice-fields';
import { DeliveryQuotes } from './delivery-quotes';
import { PickupForm } from './pickup-form';

type Kind = 'Delivery' | 'Pickup';

/** Delivery or pickup (preselected by the price breakdown's edit link, `?kind=`), then its form. */
export function TransportChooser({ onBooked }: { onBooked?: () => void }) {
  const [search] = useSearchParams();
  const asked = search.get('kind');
  const [kind, setKind] = useState<Kind | undefined>(asked === 'Delivery' || asked === 'Pickup' ? asked : undefined);
  return (
    <>
      <RadioGroup
        legend="How do you want to get the car?"
        name="transport-kind"
        value={kind}
        onChange={(value) => setKind(value as Kind)}
        options={[
          { value: 'Delivery', label: 'Delivery to my door by RunBuggy or Acertus, on an open or enclosed carrier' },
          { value: 'Pickup', label: 'I pick it up from the seller (free)' },
        ]}
      />
      {kind === 'Delivery' && <DeliveryQuotes onBooked={onBooked} />}
      {kind === 'Pickup' && <PickupForm onBooked={onBooked} />}
    </>
  );
}

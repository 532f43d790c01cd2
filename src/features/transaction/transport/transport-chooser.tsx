import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RadioGroup } from '../../../ui/form/choice-fields';
import { DeliveryQuotes } from './delivery-quotes';
import { useTransactionContext } from '../transaction-context';
import { PickupForm } from './pickup-form';
import { transportWords } from './transport-words';

type Kind = 'Delivery' | 'Pickup';

/** Delivery or pickup (preselected by the price breakdown's edit link, `?kind=`), then its form. */
export function TransportChooser({ onBooked }: { onBooked?: () => void }) {
  const [search] = useSearchParams();
  const asked = search.get('kind');
  const { detail } = useTransactionContext();
  const words = transportWords(detail);
  const [kind, setKind] = useState<Kind | undefined>(asked === 'Delivery' || asked === 'Pickup' ? asked : undefined);
  return (
    <>
      <RadioGroup
        legend={words.legend}
        name="transport-kind"
        value={kind}
        onChange={(value) => setKind(value as Kind)}
        options={[
          { value: 'Delivery', label: words.delivery },
          { value: 'Pickup', label: words.pickup },
        ]}
      />
      {kind === 'Delivery' && <DeliveryQuotes onBooked={onBooked} />}
      {kind === 'Pickup' && <PickupForm onBooked={onBooked} />}
    </>
  );
}

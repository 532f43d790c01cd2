import { useState } from 'react';
import { PICKUP_SLOTS, pickupDays, shortDay } from '../../../domain/transport';
import { Button } from '../../../ui/button';
import { RadioGroup } from '../../../ui/form/choice-fields';
import { SelectField } from '../../../ui/form/select-field';
import { isPending, useTransactionContext } from '../transaction-context';
import { transportWords } from './transport-words';

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const timeText = (time: string) => new Date(`2000-01-01T${time}:00`).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** Pickup: a day in the next two weeks and a time, to collect the car at the seller's (or the dealer's lot). */
export function PickupForm({ onBooked }: { onBooked?: () => void }) {
  const { detail, pending, act } = useTransactionContext();
  const booked = detail.data.transport.booking;
  const words = transportWords(detail);
  const days = pickupDays(today());
  const [day, setDay] = useState(booked?.kind === 'Pickup' && days.includes(booked.day) ? booked.day : days[0]!);
  const [time, setTime] = useState<string | undefined>(booked?.kind === 'Pickup' ? booked.time : undefined);
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      aria-labelledby="pickup"
      onSubmit={(event) => {
        event.preventDefault();
        if (!time) return setError('Choose a time for the pickup');
        void act('transport booked', { kind: 'Pickup', day, time });
        onBooked?.();
      }}
    >
      <h2 id="pickup" className="title is-5">
        {words.pickupHeading}
      </h2>
      <p className="mb-3">{words.pickupNote}</p>
      <SelectField
        label="Day"
        name="pickup-day"
        value={day}
        options={days.map((value) => ({ value, label: shortDay(value) }))}
        onChange={(event) => setDay(event.target.value)}
      />
      <RadioGroup
        legend="Time"
        name="pickup-time"
        value={time}
        error={error}
        options={PICKUP_SLOTS.map((value) => ({ value, label: timeText(value) }))}
        onChange={(value) => {
          setTime(value);
          setError(undefined);
        }}
      />
      <Button type="submit" disabled={isPending(pending, 'transport booked')}>
        Book the pickup
      </Button>
    </form>
  );
}

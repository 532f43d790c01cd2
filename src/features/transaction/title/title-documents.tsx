/**
 * The seller's photos for the title desk (SPEC §4.4 "doc upload", "ownership doc upload",
 * "vehicle doc upload"): the title front and back when there is no lien, with a document that
 * shows they may sell when the title is not in their name; then the VIN plate and the odometer,
 * with its reading. Each goes through the resumable uploader; the step's action is sent once
 * every photo it needs is in.
 */
import { useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { RadioGroup } from '../../../ui/form/choice-fields';
import { TextField } from '../../../ui/form/text-field';
import { useKeptValue } from '../../../ui/form/use-kept-value';
import { DocumentField, useSlotDocument } from '../../../ui/uploads/document-field';
import { isPending, useTransactionContext } from '../transaction-context';

export function TitlePhotos({ onBack }: { onBack?: () => void }) {
  const { detail, pending, act } = useTransactionContext();
  const front = useSlotDocument(detail.id, 'title-front');
  const back = useSlotDocument(detail.id, 'title-back');
  const ownership = useSlotDocument(detail.id, 'ownership-docs');
  const [inName, setInName, inNameSent] = useKeptValue<'yes' | 'no' | ''>(
    `title-in-name:${detail.id}`,
    detail.data.title.titleInSellerName === null ? '' : detail.data.title.titleInSellerName ? 'yes' : 'no',
    (kept): kept is 'yes' | 'no' => kept === 'yes' || kept === 'no',
  );
  const ready = front && back && (inName === 'yes' || (inName === 'no' && ownership));
  return (
    <section aria-labelledby="title-photos">
      <h1 id="title-photos" className="title is-4">
        Photos of your title
      </h1>
      <p className="mb-4">Lay the title flat in good light and photograph each side whole, with every word readable.</p>
      <div className="columns">
        <div className="column">
          <DocumentField transactionId={detail.id} slot="title-front" help="The side with your name and the VIN." />
        </div>
        <div className="column">
          <DocumentField transactionId={detail.id} slot="title-back" help="The side with the assignment of title, even if it is blank." />
        </div>
      </div>
      <RadioGroup
        legend="Is the title in your name?"
        name="title-in-name"
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No (a family member, a business, an estate …)' },
        ]}
        value={inName}
        onChange={(value) => setInName(value as 'yes' | 'no')}
      />
      {inName === 'no' && (
        <DocumentField
          transactionId={detail.id}
          slot="ownership-docs"
          help="A document that shows you may sell the car: a bill of sale to you, a power of attorney, or a court or estate paper."
        />
      )}
      <div className="buttons mt-4">
        <Button
          disabled={!ready}
          loading={isPending(pending, 'title docs uploaded')}
          onClick={() =>
            ready &&
            void act('title docs uploaded', {
              titleFront: front,
              titleBack: back,
              titleInSellerName: inName === 'yes',
              ownership: inName === 'no' && ownership ? [ownership] : [],
            }).then(inNameSent)
          }
        >
          Send the title photos
        </Button>
        {onBack && (
          <Button variant="text" onClick={onBack}>
            Back
          </Button>
        )}
      </div>
      {!ready && <p className="help">The button turns on once every photo above has uploaded.</p>}
    </section>
  );
}

export function VehiclePhotos() {
  const { detail, pending, act } = useTransactionContext();
  const vinPlate = useSlotDocument(detail.id, 'vin-plate');
  const odometer = useSlotDocument(detail.id, 'odometer');
  const [reading, setReading, readingSent] = useKeptValue(
    `odometer-reading:${detail.id}`,
    detail.data.title.odometerReading === null ? '' : String(detail.data.title.odometerReading),
    (kept): kept is string => typeof kept === 'string',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const send = () => {
    const miles = Number(reading.replace(/,/g, ''));
    if (!reading.trim() || !Number.isInteger(miles) || miles < 0)
      return setProblem('Enter the odometer reading in whole miles, such as 84,250.');
    if (!vinPlate || !odometer) return;
    setProblem(null);
    void act('title vehicle docs uploaded', { vinPlate, odometer, odometerReading: miles }).then(readingSent);
  };
  return (
    <section aria-labelledby="vehicle-photos">
      <h1 id="vehicle-photos" className="title is-4">
        The VIN plate and the odometer
      </h1>
      <p className="mb-4">
        Our title desk checks the VIN against your title and the reading against the car's history. The VIN plate is on the dashboard, seen
        through the windscreen on the driver's side.
      </p>
      <div className="columns">
        <div className="column">
          <DocumentField transactionId={detail.id} slot="vin-plate" help="Close enough that all 17 characters are sharp." />
        </div>
        <div className="column">
          <DocumentField transactionId={detail.id} slot="odometer" help="With the car on, so the display shows the mileage." />
        </div>
      </div>
      <TextField
        label="Odometer reading (miles)"
        inputMode="numeric"
        value={reading}
        onChange={(event) => setReading(event.target.value)}
      />
      {problem && <Alert kind="danger">{problem}</Alert>}
      <Button disabled={!vinPlate || !odometer} loading={isPending(pending, 'title vehicle docs uploaded')} onClick={send}>
        Send for review
      </Button>
      {(!vinPlate || !odometer) && <p className="help mt-2">The button turns on once both photos have uploaded.</p>}
    </section>
  );
}

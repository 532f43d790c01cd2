import { COVERAGE_LEVELS } from '../../../domain/transaction-events';
import { insuranceQuoteForm } from '../../../domain/transaction-forms';
import { Button } from '../../../ui/button';
import { RadioGroup } from '../../../ui/form/choice-fields';
import { TextField } from '../../../ui/form/text-field';
import { useKeptValue } from '../../../ui/form/use-kept-value';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useTransactionContext } from '../transaction-context';

const isCarrierText = (kept: unknown): kept is string | null => typeof kept === 'string';

/** The insurance quote form, and "I already have insurance" for buyers who do. */
export function QuoteForm({ onCancel }: { onCancel?: () => void }) {
  const { detail, act } = useTransactionContext();
  const earlier = detail.data.insurance.request;
  const form = useZodForm(
    insuranceQuoteForm,
    {
      postalCode: earlier?.postalCode ?? detail.data.identity.address?.postalCode ?? '',
      dateOfBirth: earlier?.dateOfBirth ?? '',
      accidents: earlier ? String(earlier.accidents) : '0',
      coverage: earlier?.coverage ?? 'standard',
    },
    { key: `insurance-quote:${detail.id}` },
  );
  const coverage = form.field('coverage');
  // The carrier they already have, kept on the device until sent (null until they say they have one).
  const [existing, setExisting, existingSent] = useKeptValue(`insurance-existing:${detail.id}`, null, isCarrierText);
  return (
    <section aria-labelledby="insurance">
      <h1 id="insurance" className="title is-4">
        Insure your new car
      </h1>
      <p className="mb-4">Every state requires insurance before you drive away. Compare quotes from our partner carriers in a minute.</p>
      <form noValidate onSubmit={form.handleSubmit((request) => act('insurance quote requested', request))}>
        <div className="columns">
          <div className="column">
            <TextField
              label="ZIP code where the car is kept"
              inputMode="numeric"
              maxLength={5}
              autoComplete="postal-code"
              {...form.textField('postalCode')}
            />
          </div>
          <div className="column">
            <TextField label="Your date of birth" type="date" autoComplete="bday" {...form.textField('dateOfBirth')} />
          </div>
        </div>
        <TextField label="Accidents in the last 3 years" inputMode="numeric" {...form.textField('accidents')} />
        <RadioGroup
          legend="Coverage"
          name="coverage"
          options={Object.entries(COVERAGE_LEVELS).map(([value, label]) => ({ value, label }))}
          value={String(coverage.value)}
          onChange={coverage.onChange}
          error={coverage.error}
        />
        <div className="buttons">
          <Button type="submit" loading={form.submitting}>
            Get quotes
          </Button>
          {onCancel && (
            <Button type="button" variant="text" onClick={onCancel}>
              Back to quotes
            </Button>
          )}
        </div>
      </form>
      <hr />
      {existing === null ? (
        <Button variant="text" className="is-wrapping" onClick={() => setExisting('')}>
          I already have insurance for this car
        </Button>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void act('insurance skipped', existing.trim() ? { existingCarrier: existing.trim() } : {}).then(existingSent);
          }}
        >
          <TextField
            label="Your insurance company (optional)"
            value={existing}
            onChange={(event) => setExisting(event.target.value)}
            maxLength={80}
          />
          <Button type="submit" variant="outlined">
            Skip insurance
          </Button>
        </form>
      )}
    </section>
  );
}

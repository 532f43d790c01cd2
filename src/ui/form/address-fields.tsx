/**
 * A US address's fields — street, apartment, city, state, ZIP — bound to a form made with
 * useZodForm whose values include line1, line2, city, state and postalCode. Shared by every
 * form that asks where someone lives or where a car is registered.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { US_STATES } from '../../domain/pricing';
import { SelectField } from './select-field';
import { TextField } from './text-field';

type AddressTextField = 'line1' | 'line2' | 'city' | 'postalCode';
interface TextBinding {
  name: string;
  value: string;
  error?: string;
  onBlur: (event?: FocusEvent) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}
interface StateBinding {
  value: unknown;
  error?: string;
  onBlur: (event?: FocusEvent) => void;
  onChange: (next: string) => void;
}

export function AddressFields({
  text,
  state,
  zipMaxLength = 5,
}: {
  text: (name: AddressTextField) => TextBinding;
  state: StateBinding;
  zipMaxLength?: number;
}) {
  return (
    <>
      <TextField label="Street address" autoComplete="address-line1" {...text('line1')} />
      <TextField label="Apartment, suite (optional)" autoComplete="address-line2" {...text('line2')} />
      <div className="columns">
        <div className="column is-half">
          <TextField label="City" autoComplete="address-level2" {...text('city')} />
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
          <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" maxLength={zipMaxLength} {...text('postalCode')} />
        </div>
      </div>
    </>
  );
}

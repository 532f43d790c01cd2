/**
 * The vehicle as a person describes it — year, make, model, the VIN — shared by the buyer's
 * "tell us about the car" and the seller's "confirm vehicle information". The VIN is checked as
 * it is typed (check digit, then that its year and maker are the ones given).
 */
import * as z from 'zod/mini';
import { modelYearField } from '../../../domain/offer-fields';
import { checkVin, vinMismatch } from '../../../domain/vin';
import { TextField } from '../../../ui/form/text-field';

const required = (label: string) =>
  z.string().check(z.trim(), z.minLength(1, `Enter the ${label}`), z.maxLength(60, `Keep the ${label} under 60 characters`));

export const vehicleDraftShape = {
  modelYear: z.string().check(z.refine((text) => modelYearField.safeParse(Number(text)).success, 'Enter the model year, such as 2019')),
  make: required('make'),
  model: required('model'),
  vin: z.string(),
};

export interface VehicleDraft {
  modelYear: string;
  make: string;
  model: string;
  vin: string;
}

/** Why the typed VIN cannot be this vehicle (or is no VIN), or undefined; an empty one is fine unless `required`. */
export function vinProblem(draft: VehicleDraft, required: boolean): string | undefined {
  if (!draft.vin.trim()) return required ? 'Enter the 17-character VIN' : undefined;
  const vin = checkVin(draft.vin);
  if (!vin.ok) return vin.message;
  return vinMismatch(vin, { modelYear: Number(draft.modelYear), make: draft.make });
}

/** The VIN check as a zod refinement on the whole draft (the message goes to the VIN field). */
export const vinCheck = (required: boolean) =>
  z.superRefine((draft: VehicleDraft, context) => {
    const problem = vinProblem(draft, required);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: draft.vin, path: ['vin'] });
  });

type Bind = (name: keyof VehicleDraft) => {
  name: string;
  value: string;
  error?: string;
  onBlur: () => void;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
};

export function VehicleFields({ bind, vin, vinLabel }: { bind: Bind; vin: string; vinLabel: string }) {
  const decoded = checkVin(vin);
  return (
    <>
      <div className="columns">
        <div className="column is-one-quarter">
          <TextField label="Year" inputMode="numeric" maxLength={4} autoComplete="off" {...bind('modelYear')} />
        </div>
        <div className="column">
          <TextField label="Make" autoComplete="off" {...bind('make')} />
        </div>
        <div className="column">
          <TextField label="Model" autoComplete="off" {...bind('model')} />
        </div>
      </div>
      <TextField
        label={vinLabel}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        help={
          decoded.ok
            ? `${decoded.modelYear}${decoded.maker ? ` ${decoded.maker}` : ''} — on the title and the driver-side dashboard.`
            : '17 characters, on the title and the driver-side dashboard.'
        }
        {...bind('vin')}
      />
    </>
  );
}

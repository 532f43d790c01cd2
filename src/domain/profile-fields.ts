/**
 * What a user may write to their own records, shared by the forms (messages as the user reads
 * them) and the API (the same rules at the boundary). Unknown fields are refused, not dropped,
 * so a typo in a client never looks like a successful save.
 */
import * as z from 'zod/mini';

export const personName = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} cannot be empty`),
      z.maxLength(100, `${label} must be at most 100 characters`),
      z.regex(/^[^<>{}\d]+$/, `${label} can contain letters, spaces, hyphens and apostrophes`),
    );

/** A US mobile in E.164 (+1 and ten digits), the form the user pool stores phone numbers in. */
export const MOBILE_PATTERN = /^\+1[2-9]\d{2}[2-9]\d{6}$/;
export const mobileNumber = z.string().check(z.regex(MOBILE_PATTERN, 'Enter a 10-digit US mobile number, such as (415) 555-0134'));

/** The ten digits a user types into the `(###) ###-####` mask, as E.164. */
export function mobileFromDigits(digits: string): string {
  return `+1${digits}`;
}

export function digitsFromMobile(mobile: string | null | undefined): string {
  return mobile?.startsWith('+1') ? mobile.slice(2) : '';
}

export const profileUpdateSchema = z
  .partial(z.strictObject({ firstName: personName('First name'), lastName: personName('Last name'), mobile: mobileNumber }))
  .check(z.refine((update) => Object.keys(update).length > 0, 'Send at least one of firstName, lastName or mobile'));
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Cognito identity ids are `<region>:<uuid>`. */
export const identityIdSchema = z.strictObject({
  cognitoIdentityId: z
    .string()
    .check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d:[0-9a-f-]{36}$/, 'cognitoIdentityId must look like us-west-2:<uuid>')),
});

/** What an admin may set; admin itself follows the user pool's admin group and is never set by hand. */
export const userTypeSchema = z.strictObject({
  type: z.enum(['dealer', 'customer'], "type must be dealer or customer (admins are the members of the user pool's admin group)"),
});
export type AssignableUserType = z.infer<typeof userTypeSchema>['type'];

const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

/** A buyer profile: the buyer's legal name, date of birth and registration address. */
export const buyerProfileSchema = z.strictObject({
  legalFirstName: personName('Legal first name'),
  legalLastName: personName('Legal last name'),
  dateOfBirth: z.iso.date('Date of birth must be a date such as 1990-04-30').check(
    z.refine((value) => {
      const age = (Date.now() - Date.parse(value)) / (365.25 * 24 * 3600 * 1000);
      return age >= 18 && age < 120;
    }, 'A buyer must be at least 18 years old'),
  ),
  address: z.strictObject({
    line1: z.string().check(z.trim(), z.minLength(1, 'Street address cannot be empty'), z.maxLength(200)),
    line2: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    city: z.string().check(z.trim(), z.minLength(1, 'City cannot be empty'), z.maxLength(100)),
    state: z.enum(US_STATES, 'State must be a two-letter US state code'),
    postalCode: z.string().check(z.regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits (or ZIP+4)')),
  }),
});
export type BuyerProfile = z.infer<typeof buyerProfileSchema>;

/** What the API answers for a saved buyer profile. */
export const buyerProfileAnswerSchema = z.object({
  id: z.string(),
  userId: z.string(),
  legalFirstName: z.string(),
  legalLastName: z.string(),
  dateOfBirth: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.optional(z.string()),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  updatedAt: z.string(),
});

import { useState } from 'react';
import { OtpInput } from '../../ui/form/otp-input';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  const [code, setCode] = useState('');
  const [short, setShort] = useState('12');
  return (
    <ShowcasePage title="OTP" intro="One-time codes: digits only, paste a whole code into any box, Backspace moves back.">
      <Example title="Six digits">
        <OtpInput label="Verification code" value={code} onChange={setCode} help="We sent a 6-digit code to your e-mail." />
        <p aria-live="polite">Entered: {code || 'nothing yet'}</p>
      </Example>
      <Example title="Four digits with an error">
        <OtpInput
          label="SMS code"
          length={4}
          value={short}
          onChange={setShort}
          error="That code does not match. Check the latest message."
        />
      </Example>
    </ShowcasePage>
  );
}

/**
 * `/transaction/pause/agent-authorization`: the seller's limited power of attorney for the title
 * transfer — what Caramel may and may not do, their full name, a typed signature and the date.
 * The consent is recorded with the event (the server stamps when); the title desk then checks again.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { vehicleName } from '../../../domain/offer-format';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CheckboxField } from '../../../ui/form/choice-fields';
import { TextField } from '../../../ui/form/text-field';
import { isPending, useTransactionContext } from '../transaction-context';

export function Component() {
  const { detail, pending, act } = useTransactionContext();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [signature, setSignature] = useState('');
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  const sign = (event: React.FormEvent) => {
    event.preventDefault();
    if (!fullName.trim()) return setProblem('Enter your full legal name, as on your title.');
    if (signature.trim().toLowerCase() !== fullName.trim().toLowerCase()) return setProblem('Type your full name again as your signature.');
    if (!consent) return setProblem('Agree to let Caramel act as your agent for the title transfer.');
    setProblem(null);
    void act('agent authorized', { fullName: fullName.trim(), signature: signature.trim(), consent: true }).then(() =>
      navigate(`/transaction/title?transaction=${detail.id}`, { replace: true }),
    );
  };
  return (
    <section aria-labelledby="agent">
      <title>Authorise Caramel · Your transaction</title>
      <h1 id="agent" className="title is-4">
        Authorise Caramel to act for you
      </h1>
      <div className="content box">
        <p>
          I appoint Caramel, through its title desk, as my agent with limited power of attorney for one purpose: to transfer the title of
          the {vehicleName(detail.vehicle)}, VIN {detail.vehicle.vin}, to its buyer. My agent may sign the odometer disclosure and the title
          assignment in my name, file them with the state, and answer the state's questions about them.
        </p>
        <p>
          My agent may not sell, borrow against or otherwise deal with the car beyond this transfer. This authority ends when the title is
          transferred, or when I withdraw it by writing to Caramel support.
        </p>
      </div>
      <form noValidate onSubmit={sign}>
        <TextField
          label="Your full legal name"
          autoComplete="name"
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
        />
        <TextField
          label="Type your name again as your signature"
          value={signature}
          onChange={(event) => setSignature(event.target.value)}
          help={`Signed on ${today}.`}
        />
        <CheckboxField
          label="I give Caramel this limited power of attorney"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
        />
        {problem && <Alert kind="danger">{problem}</Alert>}
        <Button type="submit" loading={isPending(pending, 'agent authorized')}>
          Sign and continue
        </Button>
      </form>
    </section>
  );
}

import { useState, type ReactNode } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { OtpInput } from '../../ui/form/otp-input';
import { showToast } from '../../ui/toast-store';

export interface CodeFormProps {
  label: string;
  submitLabel: string;
  /** Sends the code; throws with the message to show when the service refuses it. */
  onCode: (code: string) => Promise<void>;
  /** Sends a new code; absent when there is nothing to resend. */
  onResend?: () => Promise<void>;
  children?: ReactNode;
}

/** A 6-digit code form with a "Send a new code" action, as every verification screen needs. */
export function CodeForm({ label, submitLabel, onCode, onResend, children }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const problem = !code ? 'Confirmation code cannot be empty' : /^\d{6}$/.test(code) ? null : 'Enter all 6 digits of the code';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onCode(code);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!onResend) return;
    setResending(true);
    setFailure(null);
    try {
      await onResend();
      setCode('');
      setTouched(false);
      showToast('We sent a new code.', 'success');
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <OtpInput label={label} value={code} onChange={setCode} error={touched ? (problem ?? undefined) : undefined} />
      <Button type="submit" fullWidth loading={busy}>
        {submitLabel}
      </Button>
      {onResend && (
        <p className="mt-4 code-resend">
          <span>Didn&apos;t get it?</span>
          <Button variant="text" onClick={() => void resend()} loading={resending}>
            Send a new code
          </Button>
        </p>
      )}
      {children}
    </form>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signIn } from '../../data/session';
import { signInErrorMessage } from '../../domain/auth-errors';
import { returnTarget } from '../../domain/return-target';

/** `/sign-in` with e-mail and password; afterwards the user returns to where they were going. */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    document.title = 'Sign in';
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return; // SPEC §5: one pending password sign-in at a time
    if (!email.trim()) return setError('Email cannot be empty');
    if (!password) return setError('Password cannot be empty');
    setPending(true);
    setError(null);
    try {
      const result = await signIn(email, password);
      if (result.done) navigate(returnTarget(search), { replace: true });
      else setError(`Your account needs another sign-in step (${result.nextStep}) that this version cannot complete yet.`);
    } catch (failure) {
      setError(signInErrorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading" className="title is-4">
        Sign in
      </h1>
      {error && (
        <div className="notification is-danger is-light" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label className="label" htmlFor="sign-in-email">
          Email
        </label>
        <div className="control">
          <input
            id="sign-in-email"
            className="input"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
      </div>
      <div className="field">
        <label className="label" htmlFor="sign-in-password">
          Password
        </label>
        <div className="control">
          <input
            id="sign-in-password"
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
      </div>
      <button type="submit" className={`button is-primary is-fullwidth${pending ? ' is-loading' : ''}`} disabled={pending}>
        Sign in
      </button>
    </form>
  );
}

/**
 * `/dashboard/partner-keys` (admins): the listing sites' keys for the partner API — the list, making
 * a key for one source with the partner's terms (shown once, here, and never again), and revoking
 * one. The API decides who is an admin; anyone else is told this page is not theirs.
 */
import { useState } from 'react';
import * as z from 'zod/mini';
import { formatDateTime } from '../../domain/dates';
import {
  KEY_SOURCES,
  partnerKeyRequestSchema,
  partnerSourceName,
  partnerTermsInWords,
  type PartnerKey,
} from '../../domain/partner-contract';
import { notSavedText } from '../../data/api/problem-words';
import { makePartnerKey, partnerKeys, revokePartnerKey } from '../../data/api/partner-keys';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/form/choice-fields';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Modal } from '../../ui/modal';
import { PageMeta } from '../../ui/page-meta';
import { showToast } from '../../ui/toast-store';
import { MadeKey } from './made-key';

// The form says "choose" where the API names its allowed values.
const formSchema = z.object({
  ...partnerKeyRequestSchema.shape,
  source: z.enum(KEY_SOURCES, 'Choose the listing site the key is for'),
  buyerPaysFirst: z.boolean(),
});
const EMPTY = { source: '', label: '', buyerPaysFirst: false };
const SOURCE_OPTIONS = KEY_SOURCES.map((source) => ({ value: source, label: listedOn(source) }));

/** "The auction site": a source's name at the start of a line. */
function listedOn(source: string) {
  const name = partnerSourceName(source);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function Component() {
  const list = useApiAnswer(partnerKeys, []);
  const [made, setMade] = useState<(PartnerKey & { key: string }) | null>(null);
  if (list.problem && 'status' in list.problem && list.problem.status === 403)
    return (
      <section>
        <PageMeta title="Partner keys" description="Listing sites' keys for the partner API." />
        <h1 className="title">Partner keys</h1>
        <Alert kind="warning">Only an admin can manage partner keys.</Alert>
      </section>
    );
  return (
    <section aria-labelledby="partner-keys-heading">
      <PageMeta title="Partner keys" description="Make and revoke listing sites' keys for the partner API." />
      <h1 id="partner-keys-heading" className="title">
        Partner keys
      </h1>
      <p className="mb-4">
        A listing site sends its deals to <code>POST /api/partner/deals</code> with its key. A key makes deals for its one site only.
      </p>
      {made && <MadeKey made={made} sourceName={listedOn(made.source)} onDone={() => setMade(null)} />}
      {list.problem && (
        <Alert kind="danger" title="The keys could not be loaded">
          <p className="mb-2">{list.problem.message}</p>
          <Button size="small" variant="outlined" onClick={() => void list.reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {!list.answer && !list.problem && <p role="status">Loading partner keys…</p>}
      {list.answer && <KeyList keys={list.answer.keys} onChange={list.reload} />}
      {/* A new form after each key: the last one's fields and their messages go with it. */}
      <MakeKeyForm key={made?.id ?? 'none'} onMade={(key) => (setMade(key), list.reload())} />
    </section>
  );
}

function KeyList({ keys, onChange }: { keys: PartnerKey[]; onChange: () => Promise<void> }) {
  const [revoking, setRevoking] = useState<PartnerKey | null>(null);
  const [busy, setBusy] = useState(false);
  if (!keys.length) return <p className="mb-5">No partner keys yet. Make one below for a listing site.</p>;
  async function revoke(key: PartnerKey) {
    setBusy(true);
    try {
      await revokePartnerKey(key.id);
      showToast(`The key “${key.label}” is revoked: deals sent with it are refused.`, 'success');
      setRevoking(null);
      await onChange();
    } catch (error) {
      showToast((error as Error).message, 'danger');
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <ul className="mb-5" aria-label="Partner keys">
        {keys.map((key) => (
          <li key={key.id} className="box partner-key">
            <div>
              <p className="has-text-weight-semibold">
                {listedOn(key.source)}{' '}
                <span className={`tag ${key.revokedAt ? 'is-light' : 'is-success is-light'}`}>{key.revokedAt ? 'Revoked' : 'Active'}</span>
              </p>
              <p>{key.label}</p>
              <p className="help">
                Made {formatDateTime(key.createdAt)}
                {key.revokedAt && <> · revoked {formatDateTime(key.revokedAt)}</>} · {partnerTermsInWords(key.buyerPaysFirst)}
              </p>
            </div>
            {!key.revokedAt && (
              <Button variant="outlined" onClick={() => setRevoking(key)} aria-label={`Revoke the key “${key.label}”`}>
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Modal
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this key?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              Keep the key
            </Button>
            <Button variant="danger" loading={busy} onClick={() => revoking && void revoke(revoking)}>
              Revoke key
            </Button>
          </>
        }
      >
        {revoking && (
          <p>
            {listedOn(revoking.source)}’s key “{revoking.label}” stops working at once: every deal sent with it is refused. Deals it already
            made stay. This cannot be undone; the site needs a new key to send deals again.
          </p>
        )}
      </Modal>
    </>
  );
}

function MakeKeyForm({ onMade }: { onMade: (made: PartnerKey & { key: string }) => void }) {
  const form = useZodForm(formSchema, EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const source = form.field('source');
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onMade(await makePartnerKey(values));
    } catch (error) {
      setFailure(notSavedText('The key was not made', error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="make-key-heading" className="box">
      <h2 id="make-key-heading" className="title is-5">
        Make a partner key
      </h2>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <SelectField
        label="Listing site"
        placeholder="Choose the site"
        options={SOURCE_OPTIONS}
        name="source"
        value={String(source.value)}
        error={source.error}
        onBlur={source.onBlur}
        onChange={(event) => source.onChange(event.target.value)}
      />
      <TextField
        label="Label"
        help="Who holds the key and where, such as “Auction site production”."
        autoComplete="off"
        {...form.textField('label')}
      />
      <CheckboxField
        label="The buyer pays first, then signs"
        help="The partner’s terms: its buyers pay the agreed price before signing and do not finance through Caramel. Without this, its deals run the usual buyer steps."
        {...form.checkboxField('buyerPaysFirst')}
      />
      <Button type="submit" loading={form.submitting}>
        Make key
      </Button>
    </form>
  );
}

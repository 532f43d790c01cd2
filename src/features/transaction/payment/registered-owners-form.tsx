import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { OWNER_ROLES, registeredOwnersSchema, type OwnerRole, type RegisteredOwner } from '../../../domain/payment-events';
import { Button } from '../../../ui/button';
import { RadioGroup } from '../../../ui/form/choice-fields';
import { SelectField } from '../../../ui/form/select-field';
import { TextField } from '../../../ui/form/text-field';
import { DocumentField, useSlotDocument } from '../../../ui/uploads/document-field';
import { isPending, useTransactionContext } from '../transaction-context';

const ROLES = Object.keys(OWNER_ROLES) as OwnerRole[];
const blankOwner = (role: OwnerRole): RegisteredOwner => ({ role, firstName: '', lastName: '', email: '' });

/**
 * `/transaction/payment/registered-owners-details` (and the payment step's registered owners and
 * entity docs views): who goes on the title and registration with the buyer, with their SPEC §3
 * roles, and — for a business — its name, EIN and formation document through the uploader.
 */
export function RegisteredOwnersForm() {
  const { detail, pending, act } = useTransactionContext();
  const navigate = useNavigate();
  const saved = detail.data.payment.owners;
  const [buyingAs, setBuyingAs] = useState(saved?.buyingAs ?? 'person');
  const [legalName, setLegalName] = useState(saved?.business?.legalName ?? '');
  const [ein, setEin] = useState(saved?.business?.ein ?? '');
  const [owners, setOwners] = useState<RegisteredOwner[]>(saved?.owners ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const document = useSlotDocument(detail.id, 'entity-docs');

  const update = (index: number, field: keyof RegisteredOwner, value: string) =>
    setOwners((current) => current.map((owner, at) => (at === index ? { ...owner, [field]: value } : owner)));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const payload = {
      buyingAs,
      ...(buyingAs === 'business' ? { business: { legalName, ...(ein ? { ein } : {}), documents: document ? [document] : [] } } : {}),
      owners,
    };
    const checked = registeredOwnersSchema.safeParse(payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    await act('registered owners submitted', checked.data);
    navigate(`/transaction/payment?transaction=${detail.id}`);
  }

  const free = ROLES.filter((role) => !owners.some((owner) => owner.role === role));
  return (
    <form noValidate onSubmit={(event) => void save(event)} aria-labelledby="owners-title">
      <title>Who goes on the title · Your transaction</title>
      <h1 id="owners-title" className="title is-4">
        Who goes on the title
      </h1>
      <p className="mb-4">The title and registration are made out to you, and to anyone you add here. Each person gets a copy to sign.</p>
      <RadioGroup
        legend="You are buying"
        name="buying-as"
        value={buyingAs}
        onChange={(value) => setBuyingAs(value as 'person' | 'business')}
        options={[
          { value: 'person', label: 'For myself' },
          { value: 'business', label: 'For a business' },
        ]}
      />
      {buyingAs === 'business' && (
        <fieldset className="box">
          <legend className="label">The business</legend>
          <TextField
            label="Legal name"
            value={legalName}
            error={errors['business.legalName'] ?? errors.business}
            onChange={(e) => setLegalName(e.target.value)}
          />
          <TextField
            label="EIN (optional)"
            placeholder="12-3456789"
            value={ein}
            error={errors['business.ein']}
            onChange={(e) => setEin(e.target.value)}
          />
          <DocumentField
            transactionId={detail.id}
            slot="entity-docs"
            help="Articles of organisation or incorporation, or a certificate of good standing."
          />
          {errors['business.documents'] && <p className="help is-danger">{errors['business.documents']}</p>}
        </fieldset>
      )}
      {owners.map((owner, index) => (
        <fieldset key={index} className="box" aria-label={`Person ${index + 1}`}>
          <SelectField
            label="On the title as"
            value={owner.role}
            options={[owner.role, ...free].map((role) => ({ value: role, label: OWNER_ROLES[role] }))}
            onChange={(event) => update(index, 'role', event.target.value)}
          />
          <div className="columns">
            <div className="column">
              <TextField
                label="First name"
                value={owner.firstName}
                error={errors[`owners.${index}.firstName`]}
                onChange={(e) => update(index, 'firstName', e.target.value)}
              />
            </div>
            <div className="column">
              <TextField
                label="Last name"
                value={owner.lastName}
                error={errors[`owners.${index}.lastName`]}
                onChange={(e) => update(index, 'lastName', e.target.value)}
              />
            </div>
          </div>
          <TextField
            label="E-mail"
            type="email"
            value={owner.email}
            error={errors[`owners.${index}.email`]}
            onChange={(e) => update(index, 'email', e.target.value)}
          />
          <Button variant="text" className="is-wrapping" onClick={() => setOwners((current) => current.filter((_, at) => at !== index))}>
            Remove this person
          </Button>
        </fieldset>
      ))}
      {errors.owners && <p className="help is-danger">{errors.owners}</p>}
      {free.length > 0 && (
        <Button variant="outlined" className="mb-4" onClick={() => setOwners((current) => [...current, blankOwner(free[0]!)])}>
          Add a person
        </Button>
      )}
      <div className="buttons">
        <Button type="submit" loading={isPending(pending, 'registered owners submitted')}>
          Save
        </Button>
        <Button variant="text" onClick={() => navigate(`/transaction/payment?transaction=${detail.id}`)}>
          Back to payment
        </Button>
      </div>
    </form>
  );
}

export function Component() {
  return <RegisteredOwnersForm />;
}

import { useState } from 'react';
import * as z from 'zod/mini';
import { Button } from '../../ui/button';
import { CheckboxField, RadioGroup } from '../../ui/form/choice-fields';
import { FileField } from '../../ui/form/file-field';
import { MaskedField } from '../../ui/form/masked-field';
import { PasswordField } from '../../ui/form/password-field';
import { SelectField } from '../../ui/form/select-field';
import { CurrencyField, TextField } from '../../ui/form/text-field';
import { TextareaField } from '../../ui/form/textarea-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Example, ShowcasePage } from './showcase';

const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Enter your name.')),
  email: z.email('Enter an e-mail address like name@example.com.'),
  phone: z.string().check(z.length(10, 'Enter all 10 digits of your phone number.')),
  terms: z.literal(true, 'Accept the terms to continue.'),
});

export function Component() {
  const [plate, setPlate] = useState('');
  const [vin, setVin] = useState('');
  const [transport, setTransport] = useState<string>();
  const [file, setFile] = useState('');
  const [sent, setSent] = useState(0);
  const form = useZodForm(contactSchema, { name: '', email: '', phone: '', terms: false });
  const phone = form.field('phone');

  return (
    <ShowcasePage title="Form inputs" intro="Every input with its label, help and error wired for screen readers.">
      <Example title="Text inputs">
        <TextField label="Full name" autoComplete="name" help="As it appears on your driver’s license." />
        <TextField label="E-mail" type="email" autoComplete="email" />
        <TextField label="Mobile phone" type="tel" autoComplete="tel" />
        <TextField label="Mileage" type="number" min={0} inputMode="numeric" />
        <CurrencyField label="Asking price" help="What you would like to get for the car." />
        <TextField label="Pickup date" type="date" />
        <TextField label="ZIP code" error="Enter a 5-digit ZIP code." defaultValue="9021" />
        <PasswordField label="Password" autoComplete="new-password" help="At least 8 characters with upper and lower case and a symbol." />
      </Example>
      <Example title="Masked inputs (# digit, @ letter, * letter or digit)">
        <MaskedField label="License plate" mask="@@@-####" value={plate} onValueChange={setPlate} help="Three letters, then four digits." />
        <MaskedField label="VIN" mask="*****************" value={vin} onValueChange={(data) => setVin(data.toUpperCase())} />
      </Example>
      <Example title="Choices">
        <SelectField
          label="State of registration"
          placeholder="Choose a state"
          options={[
            { value: 'CA', label: 'California' },
            { value: 'CO', label: 'Colorado' },
            { value: 'TX', label: 'Texas' },
          ]}
        />
        <RadioGroup
          legend="Transport"
          name="transport"
          value={transport}
          onChange={setTransport}
          options={[
            { value: 'open', label: 'Open carrier' },
            { value: 'closed', label: 'Closed carrier' },
          ]}
          help="Closed carriers protect from weather and road debris."
        />
        <CheckboxField label="Text me updates about this sale" />
      </Example>
      <Example title="Longer input and files">
        <TextareaField label="Anything the buyer should know?" rows={3} />
        <FileField
          label="Title document"
          accept="image/*,application/pdf"
          onFiles={(files) => setFile(files[0]?.name ?? '')}
          help="A photo or PDF of both sides."
        />
        {file && <p className="help">Ready to upload: {file}</p>}
      </Example>
      <Example title="A validated form">
        <form
          noValidate
          onSubmit={form.handleSubmit(async () => {
            await new Promise((resolve) => setTimeout(resolve, 800));
            setSent((count) => count + 1);
          })}
        >
          <TextField label="Name" {...form.textField('name')} />
          <TextField label="E-mail address" type="email" {...form.textField('email')} />
          <MaskedField
            label="Phone"
            name="phone"
            mask="(###) ###-####"
            value={phone.value}
            error={phone.error}
            onValueChange={phone.onChange}
            onBlur={phone.onBlur}
          />
          <CheckboxField label="I accept the terms of use" {...form.checkboxField('terms')} />
          <Button type="submit" loading={form.submitting}>
            Send
          </Button>
          <p role="status" className="mt-3">
            {sent > 0 ? `Sent ${sent} time${sent === 1 ? '' : 's'}.` : ''}
          </p>
        </form>
      </Example>
    </ShowcasePage>
  );
}

import { useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../ui/button';
import { UploadIcon } from '../../ui/icons';
import { Example, ShowcasePage } from './showcase';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'outlined', 'text', 'danger'];
const SIZES: ButtonSize[] = ['small', 'normal', 'medium', 'large'];

export function Component() {
  const [saving, setSaving] = useState(false);
  return (
    <ShowcasePage title="Buttons" intro="Sizes, variants, disabled, and a loading state that keeps its width.">
      <Example title="Variants">
        <div className="buttons">
          {VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant.charAt(0).toUpperCase() + variant.slice(1)}
            </Button>
          ))}
        </div>
      </Example>
      <Example title="Sizes">
        <div className="buttons">
          {SIZES.map((size) => (
            <Button key={size} size={size}>
              {size.charAt(0).toUpperCase() + size.slice(1)}
            </Button>
          ))}
        </div>
      </Example>
      <Example title="States">
        <div className="buttons">
          <Button disabled>Disabled</Button>
          <Button icon={UploadIcon} variant="secondary">
            With icon
          </Button>
          <Button
            loading={saving}
            onClick={() => {
              setSaving(true);
              setTimeout(() => setSaving(false), 2000);
            }}
          >
            Save changes
          </Button>
        </div>
      </Example>
      <Example title="Full width">
        <Button fullWidth>Continue to payment</Button>
      </Example>
    </ShowcasePage>
  );
}

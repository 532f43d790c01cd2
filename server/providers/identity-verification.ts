/**
 * Identity verification (the widget's provider): the server never trusts the browser's word
 * that a verification passed; it asks the provider for the inquiry. The sandbox adapter reads
 * the sandbox widget's inquiry API (server/providers/sandbox/); a real adapter calls the
 * provider's inquiry API with its key, behind the same interface.
 */
import * as z from 'zod/mini';

export interface Inquiry {
  id: string;
  status: 'pending' | 'approved' | 'declined';
  referenceId: string | null;
  /** The inquiry template it was made from: what kind of check it is. */
  templateId: string | null;
  fields: Record<string, string>;
}

/** What the product asks the provider to check: a person's identity (the identity step), or their government ID before signing. */
export type InquiryPurpose = 'identity' | 'government id';

export interface IdentityVerifier {
  /** The inquiry, or undefined when the provider does not know it. */
  inquiry(inquiryId: string): Promise<Inquiry | undefined>;
  /** The template the widget opens for `purpose` (the same ids /config.json gives the app). */
  templateFor(purpose: InquiryPurpose): string;
}

const inquirySchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  referenceId: z.nullable(z.string()),
  templateId: z.nullable(z.string()),
  fields: z.record(z.string(), z.string()),
});

export interface WidgetSettings {
  host: string;
  templateId: string;
  governmentIdTemplateId: string;
}

export function sandboxIdentityVerifier(widget: WidgetSettings): IdentityVerifier {
  const host = widget.host;
  return {
    templateFor: (purpose) => (purpose === 'identity' ? widget.templateId : widget.governmentIdTemplateId),
    async inquiry(inquiryId) {
      const answer = await fetch(`${host.replace(/\/+$/, '')}/api/inquiries/${encodeURIComponent(inquiryId)}`);
      if (answer.status === 404) return undefined;
      if (!answer.ok) throw new Error(`identity provider answered ${answer.status}`);
      return inquirySchema.parse(await answer.json());
    },
  };
}

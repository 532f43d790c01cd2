/**
 * The identity-verification widget's rules (SPEC §3 options, §4.5 states and events, §5 option
 * rules, §8 messages, §9 sizing and sandbox): pure, so the embedding client, the sandbox widget
 * page and the tests share them. The client that mounts the frame is
 * src/features/transaction/identity/verification-frame.tsx.
 */

export const WIDGET_VERSION = '4.13.0';

export type WidgetFields = Record<string, string | number | boolean>;

export interface WidgetOptions {
  host: string;
  templateId?: string;
  templateVersionId?: string;
  inquiryId?: string;
  accountId?: string;
  accountTypeId?: string;
  referenceId?: string;
  sessionToken?: string;
  environment?: 'sandbox' | 'production';
  environmentId?: string;
  language?: string;
  fields?: WidgetFields;
  prefill?: WidgetFields;
  lockedAttributes?: string[];
  themeId?: string;
  themeSetId?: string;
  routingCountry?: string;
  frameWidth?: number;
  frameHeight?: number;
}

export const WIDGET_ERRORS = {
  noFlow: 'Either templateId/templateVersionId or inquiryId must be specified to start a flow',
  twoFlows: 'Only one of templateId/templateVersionId or inquiryId should be specified to start a flow',
  accountAndReference: 'Cannot pass both accountId and referenceId',
  accountAndType: 'Cannot pass both accountId and accountTypeId',
} as const;

/** §5: exactly one of templateId/templateVersionId or inquiryId; accountId alone. Undefined when valid. */
export function widgetOptionsError(options: WidgetOptions): string | undefined {
  const template = !!(options.templateId || options.templateVersionId);
  if (!template && !options.inquiryId) return WIDGET_ERRORS.noFlow;
  if (template && options.inquiryId) return WIDGET_ERRORS.twoFlows;
  if (options.accountId && options.referenceId) return WIDGET_ERRORS.accountAndReference;
  if (options.accountId && options.accountTypeId) return WIDGET_ERRORS.accountAndType;
  return undefined;
}

const QUERY_OPTIONS = [
  'templateId',
  'templateVersionId',
  'inquiryId',
  'accountId',
  'accountTypeId',
  'referenceId',
  'sessionToken',
  'environment',
  'environmentId',
  'language',
  'themeId',
  'themeSetId',
  'routingCountry',
] as const;

/** `{host}/widget?{options}`; objects flatten as `fields[name]=value`, lists as `lockedAttributes[]=…`. */
export function widgetFrameUrl(options: WidgetOptions, containerId: string, parentOrigin: string): string {
  const query = new URLSearchParams();
  for (const key of QUERY_OPTIONS) if (options[key]) query.set(key, options[key]);
  for (const group of ['fields', 'prefill'] as const) {
    for (const [name, value] of Object.entries(options[group] ?? {})) query.set(`${group}[${name}]`, String(value));
  }
  for (const attribute of options.lockedAttributes ?? []) query.append('lockedAttributes[]', attribute);
  query.set('containerId', containerId);
  query.set('parentOrigin', parentOrigin);
  query.set('widgetVersion', WIDGET_VERSION);
  return `${options.host.replace(/\/+$/, '')}/widget?${query}`;
}

/** §9: scripts, same-origin and popups, plus forms, modals and top navigation on user activation. */
export const WIDGET_SANDBOX =
  'allow-scripts allow-same-origin allow-popups allow-forms allow-modals allow-top-navigation-by-user-activation';

/** Camera and microphone for document and selfie capture (§7). */
export const WIDGET_ALLOW = 'camera; microphone';

export const OVERLAY_MAX = { width: 400, height: 650 } as const;

export type FrameLayout = { mode: 'fullscreen' } | { mode: 'overlay'; width: number; height: number };

/** §9: full screen at widths ≤ 600 px or heights ≤ 420 px, otherwise an overlay of at most 400×650. */
export function frameLayout(viewport: { width: number; height: number }, requested?: { width?: number; height?: number }): FrameLayout {
  if (viewport.width <= 600 || viewport.height <= 420) return { mode: 'fullscreen' };
  return {
    mode: 'overlay',
    width: Math.min(requested?.width ?? OVERLAY_MAX.width, OVERLAY_MAX.width, viewport.width),
    height: Math.min(requested?.height ?? OVERLAY_MAX.height, OVERLAY_MAX.height, viewport.height),
  };
}

/** §4.5: the events the widget reports. */
export const WIDGET_EVENTS = [
  'load',
  'ready',
  'start',
  'complete',
  'fail',
  'exit',
  'error',
  'document-capture',
  'selfie-capture',
  'page-change',
  'country-select',
  'verification-change',
] as const;
export type WidgetEventName = (typeof WIDGET_EVENTS)[number];

/** The parent's commands to the frame. */
export const WIDGET_COMMANDS = ['open', 'exit', 'destroy'] as const;
export type WidgetCommand = (typeof WIDGET_COMMANDS)[number];

export type WidgetState = 'loading' | 'ready' | 'open' | 'closed';

/** What travels in a window message, both ways. */
export interface WidgetMessage {
  widget: 'verification';
  containerId: string;
  templateId?: string;
  templateVersionId?: string;
  name: WidgetEventName | WidgetCommand;
  payload?: Record<string, unknown>;
}

/** Completion result (§3). */
export interface WidgetCompletion {
  inquiryId: string;
  status: 'approved' | 'declined' | 'completed';
  fields: WidgetFields;
}

/** Cancel result (§3). */
export interface WidgetCancel {
  inquiryId: string;
  sessionToken?: string;
}

/**
 * §5: a message counts only when it comes from the widget's own host and names this frame and
 * the same template ids; anything else (another frame, another site) is ignored.
 */
export function acceptedWidgetEvent(
  event: { origin: string; data: unknown },
  expected: { host: string; containerId: string; templateId?: string; templateVersionId?: string },
): { name: WidgetEventName; payload: Record<string, unknown> } | undefined {
  if (event.origin !== new URL(expected.host).origin) return undefined;
  const data = event.data as Partial<WidgetMessage> | null;
  if (!data || typeof data !== 'object' || data.widget !== 'verification') return undefined;
  if (data.containerId !== expected.containerId) return undefined;
  if ((data.templateId ?? undefined) !== (expected.templateId ?? undefined)) return undefined;
  if ((data.templateVersionId ?? undefined) !== (expected.templateVersionId ?? undefined)) return undefined;
  if (!(WIDGET_EVENTS as readonly string[]).includes(data.name ?? '')) return undefined;
  const payload = data.payload && typeof data.payload === 'object' ? data.payload : {};
  return { name: data.name as WidgetEventName, payload };
}

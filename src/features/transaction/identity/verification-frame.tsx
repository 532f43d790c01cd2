/**
 * The identity-verification widget client (SPEC §3, §4.5, §5, §8, §9): checks the options,
 * frames `{host}/widget?{options}` with the §9 sandbox, sizes it (overlay ≤ 400×650 above
 * 600 px, full screen at ≤ 600 px wide or ≤ 420 px high), accepts messages only from its host
 * for this container and template, and moves loading → ready → open until it completes, fails
 * or is cancelled. The rules themselves are pure, in src/domain/verification-widget.ts.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  acceptedWidgetEvent,
  frameLayout,
  WIDGET_ALLOW,
  WIDGET_SANDBOX,
  widgetFrameUrl,
  widgetOptionsError,
  type WidgetCommand,
  type WidgetEventName,
  type WidgetOptions,
  type WidgetState,
} from '../../../domain/verification-widget';

export interface VerificationFrameProps {
  options: WidgetOptions;
  onComplete: (result: { inquiryId: string; status: string }) => void;
  onCancel: (result: { inquiryId?: string; sessionToken?: string }) => void;
  /** Option errors (§8 wording) and errors the widget reports. */
  onError: (message: string) => void;
  onEvent?: (name: WidgetEventName, payload: Record<string, unknown>) => void;
}

function useViewport() {
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight });
  useEffect(() => {
    const update = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

export function VerificationFrame({ options, onComplete, onCancel, onError, onEvent }: VerificationFrameProps) {
  const containerId = `verification-${useId().replace(/[^\w-]/g, '')}`;
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<WidgetState>('loading');
  const viewport = useViewport();
  const problem = widgetOptionsError(options);
  // The message listener lives as long as the frame; it reads the newest callbacks through this ref.
  const handlers = useRef({ onComplete, onCancel, onError, onEvent });
  useEffect(() => {
    handlers.current = { onComplete, onCancel, onError, onEvent };
  });

  useEffect(() => {
    if (problem) handlers.current.onError(problem);
  }, [problem]);

  useEffect(() => {
    if (problem) return;
    const command = (name: WidgetCommand) =>
      frame.current?.contentWindow?.postMessage({ widget: 'verification', containerId, name }, new URL(options.host).origin);
    const listener = (event: MessageEvent) => {
      const accepted = acceptedWidgetEvent(event, {
        host: options.host,
        containerId,
        templateId: options.templateId,
        templateVersionId: options.templateVersionId,
      });
      if (!accepted) return;
      const { name, payload } = accepted;
      handlers.current.onEvent?.(name, payload);
      if (name === 'ready') {
        setState('ready');
        command('open');
        setState('open');
        frame.current?.focus();
      }
      if (name === 'complete' || name === 'fail') {
        setState('closed');
        handlers.current.onComplete({
          inquiryId: String(payload.inquiryId ?? ''),
          status: String(payload.status ?? (name === 'fail' ? 'declined' : 'completed')),
        });
      }
      if (name === 'exit') {
        setState('closed');
        handlers.current.onCancel({
          inquiryId: payload.inquiryId as string | undefined,
          sessionToken: payload.sessionToken as string | undefined,
        });
      }
      if (name === 'error') handlers.current.onError(String(payload.message ?? 'The verification could not continue. Please try again.'));
    };
    window.addEventListener('message', listener);
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && command('exit');
    window.addEventListener('keydown', escape);
    return () => {
      window.removeEventListener('message', listener);
      window.removeEventListener('keydown', escape);
      command('destroy');
    };
  }, [problem, options.host, options.templateId, options.templateVersionId, containerId]);

  if (problem || state === 'closed') return null;
  const layout = frameLayout(viewport, { width: options.frameWidth, height: options.frameHeight });
  const size = layout.mode === 'overlay' ? { width: layout.width, height: layout.height } : undefined;
  return (
    <div className={`verification-overlay is-${layout.mode}`} role="dialog" aria-modal="true" aria-label="Identity verification">
      {state === 'loading' && (
        <p className="verification-loading" role="status">
          Loading secure verification…
        </p>
      )}
      <iframe
        ref={frame}
        id={containerId}
        title="Identity verification"
        src={widgetFrameUrl(options, containerId, window.location.origin)}
        sandbox={WIDGET_SANDBOX}
        allow={WIDGET_ALLOW}
        className="verification-frame"
        data-state={state}
        style={size}
      />
    </div>
  );
}

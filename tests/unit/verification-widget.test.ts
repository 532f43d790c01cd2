import { describe, expect, it } from 'vitest';
import {
  acceptedWidgetEvent,
  frameLayout,
  WIDGET_ERRORS,
  WIDGET_EVENTS,
  widgetFrameUrl,
  widgetOptionsError,
  WIDGET_SANDBOX,
} from '../../src/domain/verification-widget';

const host = 'http://127.0.0.1:9100';

describe('widget option rules (SPEC §5, §8)', () => {
  it.each([
    [{}, WIDGET_ERRORS.noFlow],
    [{ templateId: 'itmpl_1', inquiryId: 'inq_1' }, WIDGET_ERRORS.twoFlows],
    [{ templateVersionId: 'itmplv_1', inquiryId: 'inq_1' }, WIDGET_ERRORS.twoFlows],
    [{ templateId: 'itmpl_1', accountId: 'act_1', referenceId: 'ref' }, WIDGET_ERRORS.accountAndReference],
    [{ inquiryId: 'inq_1', accountId: 'act_1', accountTypeId: 'acttp_1' }, WIDGET_ERRORS.accountAndType],
  ])('%o is refused with its message', (options, message) => {
    expect(widgetOptionsError({ host, ...options })).toBe(message);
  });

  it.each([
    { templateId: 'itmpl_1' },
    { templateVersionId: 'itmplv_1' },
    { inquiryId: 'inq_1', sessionToken: 's' },
    { templateId: 't', accountId: 'a' },
  ])('%o is accepted', (options) => expect(widgetOptionsError({ host, ...options })).toBeUndefined());

  it('has the four messages of §8, word for word', () => {
    expect(Object.values(WIDGET_ERRORS)).toEqual([
      'Either templateId/templateVersionId or inquiryId must be specified to start a flow',
      'Only one of templateId/templateVersionId or inquiryId should be specified to start a flow',
      'Cannot pass both accountId and referenceId',
      'Cannot pass both accountId and accountTypeId',
    ]);
  });
});

describe('frame URL and sandbox', () => {
  it('is {host}/widget with the options as query parameters', () => {
    const url = new URL(
      widgetFrameUrl(
        {
          host: `${host}/`,
          templateId: 'itmpl_1',
          referenceId: 'tx-1',
          environment: 'sandbox',
          fields: { nameFirst: 'Ada' },
          lockedAttributes: ['nameFirst'],
        },
        'frame-1',
        'http://127.0.0.1:8480',
      ),
    );
    expect(url.origin + url.pathname).toBe(`${host}/widget`);
    expect(url.searchParams.get('templateId')).toBe('itmpl_1');
    expect(url.searchParams.get('referenceId')).toBe('tx-1');
    expect(url.searchParams.get('fields[nameFirst]')).toBe('Ada');
    expect(url.searchParams.getAll('lockedAttributes[]')).toEqual(['nameFirst']);
    expect(url.searchParams.get('containerId')).toBe('frame-1');
    expect(url.searchParams.get('widgetVersion')).toBe('4.13.0');
  });

  it('allows scripts, same-origin, popups, forms, modals and top navigation on user activation only', () => {
    expect(WIDGET_SANDBOX.split(' ').sort()).toEqual(
      [
        'allow-forms',
        'allow-modals',
        'allow-popups',
        'allow-same-origin',
        'allow-scripts',
        'allow-top-navigation-by-user-activation',
      ].sort(),
    );
  });
});

describe('frame size (SPEC §9)', () => {
  it.each([
    [{ width: 600, height: 900 }, { mode: 'fullscreen' }],
    [{ width: 375, height: 812 }, { mode: 'fullscreen' }],
    [{ width: 1280, height: 420 }, { mode: 'fullscreen' }],
    [
      { width: 601, height: 421 },
      { mode: 'overlay', width: 400, height: 421 },
    ],
    [
      { width: 601, height: 900 },
      { mode: 'overlay', width: 400, height: 650 },
    ],
    [
      { width: 1920, height: 1080 },
      { mode: 'overlay', width: 400, height: 650 },
    ],
  ])('a %o viewport gets %o', (viewport, layout) => {
    expect(frameLayout(viewport)).toEqual(layout);
  });

  it('never grows an overlay past 400×650 even when asked', () => {
    expect(frameLayout({ width: 1920, height: 1080 }, { width: 800, height: 900 })).toEqual({ mode: 'overlay', width: 400, height: 650 });
    expect(frameLayout({ width: 1920, height: 1080 }, { width: 360, height: 600 })).toEqual({ mode: 'overlay', width: 360, height: 600 });
  });
});

describe('messages from the frame (SPEC §5)', () => {
  const expected = { host, containerId: 'frame-1', templateId: 'itmpl_1' };
  const message = {
    widget: 'verification',
    containerId: 'frame-1',
    templateId: 'itmpl_1',
    name: 'complete',
    payload: { inquiryId: 'inq_1' },
  };

  it('accepts its own host, container and template', () => {
    expect(acceptedWidgetEvent({ origin: host, data: message }, expected)).toEqual({ name: 'complete', payload: { inquiryId: 'inq_1' } });
  });

  it.each([
    ['another origin', { origin: 'http://127.0.0.1:9999', data: message }],
    ['another container', { origin: host, data: { ...message, containerId: 'frame-2' } }],
    ['another template', { origin: host, data: { ...message, templateId: 'itmpl_2' } }],
    ['a template version the frame was not given', { origin: host, data: { ...message, templateVersionId: 'v' } }],
    ['an unknown event', { origin: host, data: { ...message, name: 'steal' } }],
    ['not a widget message', { origin: host, data: 'complete' }],
  ])('ignores %s', (_, event) => {
    expect(acceptedWidgetEvent(event, expected)).toBeUndefined();
  });

  it('knows every §4.5 event', () => {
    for (const name of [
      'load',
      'ready',
      'start',
      'complete',
      'fail',
      'exit',
      'error',
      'page-change',
      'country-select',
      'verification-change',
    ]) {
      expect(WIDGET_EVENTS).toContain(name);
    }
  });
});

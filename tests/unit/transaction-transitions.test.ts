import { describe, expect, it } from 'vitest';
import {
  FLOW_MAPPINGS,
  FLOWS,
  STEP_EVENTS,
  TRANSACTION_STATUSES,
  type Flow,
  type TransactionStatus,
} from '../../src/domain/transaction-flows';
import {
  acceptsPartyEvent,
  FINAL_STATUS,
  FIRST_STATUS,
  FLOW_TRANSITIONS,
  isProviderEvent,
  nextStatus,
  PARTY_EVENTS,
  partyEventsFrom,
  PROVIDER_EVENTS,
  PROVIDER_REQUESTS,
  AUTOMATIC_EVENTS,
  RECORDED_ONLY_EVENTS,
  type TransactionEvent,
} from '../../src/domain/transaction-transitions';
import { isDestinationPath, stepOfAction, stepStates } from '../../src/domain/step-progress';
import { SCREENS, STEPS, stepOfPath } from '../../src/domain/transaction-steps';

const entries = (flow: Flow) =>
  Object.entries(FLOW_TRANSITIONS[flow]).flatMap(([from, moves]) =>
    Object.entries(moves).map(([event, to]) => ({ from: from as TransactionStatus, event: event as TransactionEvent, to })),
  );

function reachable(flow: Flow): Set<TransactionStatus> {
  const seen = new Set<TransactionStatus>([FIRST_STATUS[flow]]);
  const queue = [FIRST_STATUS[flow]];
  while (queue.length) {
    for (const to of Object.values(FLOW_TRANSITIONS[flow][queue.shift()!] ?? {})) {
      if (seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return seen;
}

describe.each(FLOWS)('the %s flow', (flow) => {
  const mapped = Object.keys(FLOW_MAPPINGS[flow]) as TransactionStatus[];

  it.each(entries(flow))('$from --$event--> $to stays inside statuses the flow maps to a route', ({ from, event, to }) => {
    expect(mapped).toContain(from);
    expect(mapped).toContain(to);
    expect(nextStatus(flow, from, event)).toBe(to);
  });

  it('starts in a mapped status and reaches every status of its mapping', () => {
    expect(mapped).toContain(FIRST_STATUS[flow]);
    expect([...reachable(flow)].sort()).toEqual([...mapped].sort());
  });

  it('has a way on from every status but the last, and none from the last (what it takes there keeps it there)', () => {
    for (const status of mapped) {
      const moves = Object.values(FLOW_TRANSITIONS[flow][status] ?? {});
      if (status === FINAL_STATUS[flow])
        expect(
          moves.filter((to) => to !== status),
          status,
        ).toEqual([]);
      else expect(moves.length, status).toBeGreaterThan(0);
    }
  });

  it('puts every status on exactly one current step, except the last where every step is done', () => {
    for (const status of mapped) {
      const states = stepStates(flow, status).map((step) => step.state);
      if (status === FINAL_STATUS[flow])
        expect(
          states.every((state) => state === 'done'),
          status,
        ).toBe(true);
      else
        expect(
          states.filter((state) => state === 'current'),
          status,
        ).toEqual(['current']);
    }
  });

  it('never sends a party back to an earlier step as the flow moves on, except to pay again when the bank returned the payment', () => {
    for (const { from, to, event } of entries(flow)) {
      const position = (status: TransactionStatus) => stepStates(flow, status).filter((step) => step.state === 'done').length;
      if (event === 'payment returned') expect(to, from).toBe('payment_start');
      else expect(position(to), `${from} → ${to}`).toBeGreaterThanOrEqual(position(from));
    }
  });

  it('lets the party move on from every failure status (retry, manual form or skip)', () => {
    for (const status of mapped.filter((s) => s.includes('failed'))) {
      expect(partyEventsFrom(flow, status).length, status).toBeGreaterThan(0);
    }
  });
});

describe('the transition tables together', () => {
  const all = FLOWS.flatMap(entries);

  it('reach every status of SPEC §4.2 in some flow', () => {
    const reached = new Set(FLOWS.flatMap((flow) => [...reachable(flow)]));
    expect(TRANSACTION_STATUSES.filter((status) => !reached.has(status))).toEqual([]);
  });

  it('use every §4.3 step event (as a move or as a request a provider answers) and every provider result, and only known events', () => {
    const used = new Set<string>([...all.map((entry) => entry.event), ...Object.keys(PROVIDER_REQUESTS)]);
    const recordedOnly: readonly string[] = RECORDED_ONLY_EVENTS;
    for (const event of [...STEP_EVENTS, ...PROVIDER_EVENTS].filter((event) => !recordedOnly.includes(event)))
      expect(used, event).toContain(event);
    for (const event of used) expect([...PARTY_EVENTS, ...PROVIDER_EVENTS]).toContain(event);
  });

  it('take every automatic event where the product writes it', () => {
    for (const flow of FLOWS)
      for (const [status, event] of Object.entries(AUTOMATIC_EVENTS[flow] ?? {}))
        expect(nextStatus(flow, status as TransactionStatus, event), `${flow} ${status}`).toBeDefined();
  });

  it('keep party actions and provider results apart', () => {
    expect(PARTY_EVENTS.filter(isProviderEvent)).toEqual([]);
    expect(PROVIDER_EVENTS.every(isProviderEvent)).toBe(true);
  });

  it('answer every provider request with results the table knows', () => {
    for (const answers of Object.values(PROVIDER_REQUESTS)) {
      for (const answer of answers) expect(PROVIDER_EVENTS).toContain(answer);
    }
  });
});

describe('acceptsPartyEvent', () => {
  it('allows a quote request where the carriers’ answer moves the flow', () => {
    expect(acceptsPartyEvent('financed-buyer', 'protection_done', 'insurance quote requested')).toBe(true);
    expect(acceptsPartyEvent('financed-buyer', 'insurance_failed', 'insurance quote requested')).toBe(true);
  });

  it('refuses an action the current status does not take', () => {
    expect(acceptsPartyEvent('financed-buyer', 'identity_started', 'insurance quote requested')).toBe(false);
    expect(acceptsPartyEvent('financed-buyer', 'identity_started', 'finance done')).toBe(false);
    expect(acceptsPartyEvent('title-report', 'identity_completed', 'identity submitted')).toBe(false);
  });

  it('never lets a party send a provider result', () => {
    for (const flow of FLOWS) {
      for (const status of TRANSACTION_STATUSES) expect(partyEventsFrom(flow, status).filter(isProviderEvent)).toEqual([]);
    }
  });
});

describe('stepOfPath', () => {
  it('knows which step a screen belongs to', () => {
    expect(stepOfPath('/transaction/transport/status')).toBe('transport');
    expect(stepOfPath('/transaction/insurance')).toBe('insurance');
    expect(stepOfPath('/transaction/protection/caramel-care')).toBe('protection');
    expect(isDestinationPath('/transaction/protection/caramel-care')).toBe(false);
    expect(isDestinationPath('/transaction/payment/registered-owners-details')).toBe(false);
    expect(isDestinationPath('/transaction/transport/status')).toBe(true);
    expect(stepOfPath('/transaction/unknown')).toBeUndefined();
  });

  it('writes each path once and gives every step a screen of its own name', () => {
    const paths = Object.values(SCREENS).map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const step of STEPS) expect(SCREENS[step].step).toBe(step);
  });
});

describe('stepOfAction', () => {
  it('puts every party action in the step it completes', () => {
    for (const event of PARTY_EVENTS) expect(stepOfAction(event), event).toBeDefined();
    expect(stepOfAction('protection chosen')).toBe('protection');
    expect(stepOfAction('finance done')).toBe('financing');
    expect(stepOfAction('insurance quote requested')).toBe('insurance');
    expect(stepOfAction('price breakdown acknowledge')).toBe('payment');
    expect(stepOfAction('title lender submitted')).toBe('title');
  });
});

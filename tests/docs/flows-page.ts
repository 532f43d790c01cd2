/**
 * docs/flows.md, written from the flow tables in src/domain — the statuses of each flow, what
 * moves each one on, the screen each one shows, the offer lifecycle and a sale's stages — so the
 * page says what the code does. `npm run docs:flows` writes it; tests/docs/flows-page.test.ts
 * fails CI when the committed page is not what the tables give.
 */
import { format, resolveConfig } from 'prettier';
import { OFFER_TRANSITIONS, OFFER_VALIDITY_DAYS, type NegotiationStatus } from '../../src/domain/offer-lifecycle';
import { SALE_STAGES } from '../../src/domain/sale-state';
import { FLOW_MAPPINGS, FLOWS, TRANSACTION_STATUSES, type Flow, type TransactionStatus } from '../../src/domain/transaction-flows';
import { SCREENS } from '../../src/domain/transaction-steps';
import {
  AUTOMATIC_EVENTS,
  DEAL_KINDS,
  FINAL_STATUS,
  FIRST_STATUS,
  FLOW_TRANSITIONS,
  isProviderEvent,
  PROVIDER_REQUESTS,
} from '../../src/domain/transaction-transitions';

/** The tables the page is written from: the domain's, or altered ones in a test. */
export interface FlowTables {
  transitions: typeof FLOW_TRANSITIONS;
  mappings: typeof FLOW_MAPPINGS;
}
export const DOMAIN_TABLES: FlowTables = { transitions: FLOW_TRANSITIONS, mappings: FLOW_MAPPINGS };

export const FLOWS_PAGE = 'docs/flows.md';

const WHAT_EACH_FLOW_IS: Record<Flow, string> = {
  'financed-buyer': 'The buyer of a sale made here: identity, financing (or cash), protection, insurance, transport, payment and signing.',
  'title-report':
    'The seller of a sale made here or of a partner’s deal: identity and the vehicle reports, the title, payout, signing and the optional inspection.',
  'dealer-financing': 'A dealer selling to their customer: the loan offer, protection, the car’s verification, transport and signing.',
  'payment-first': 'A dealer’s customer or a partner’s buyer: transport is arranged for them, so they start at payment, then sign.',
};

const code = (text: string) => `\`${text}\``;
const anchor = (flow: Flow) => `flow-${flow}`;

/** The statuses a flow uses — named by its screens or by its moves — in the order of SPEC §4.2's groups. */
function statusesOf(flow: Flow, tables: FlowTables): TransactionStatus[] {
  const used = new Set<TransactionStatus>([FIRST_STATUS[flow], ...(Object.keys(tables.mappings[flow]) as TransactionStatus[])]);
  for (const [from, moves] of Object.entries(tables.transitions[flow])) {
    used.add(from as TransactionStatus);
    for (const to of Object.values(moves ?? {})) used.add(to);
  }
  return TRANSACTION_STATUSES.filter((status) => used.has(status));
}

function screenCell(flow: Flow, status: TransactionStatus, tables: FlowTables): string {
  const destination = tables.mappings[flow][status];
  if (!destination) return '—';
  const path = code(SCREENS[destination.screen].path);
  return destination.view ? `${path} (${destination.view})` : path;
}

const statusCell = (flow: Flow, status: TransactionStatus) =>
  code(status) + (status === FIRST_STATUS[flow] ? ' (first)' : status === FINAL_STATUS[flow] ? ' (last)' : '');

/** Who writes an event: the party (by a button) or a provider's answer (by webhook or at once, on the server). */
const eventName = (event: string) => (isProviderEvent(event) ? `_${event}_` : event);

function movesCell(flow: Flow, status: TransactionStatus, tables: FlowTables): string {
  const moves = Object.entries(tables.transitions[flow][status] ?? {});
  const onward = moves.filter(([, to]) => to !== status).map(([event, to]) => `${eventName(event)} → ${code(to)}`);
  const inPlace = moves.filter(([, to]) => to === status).map(([event]) => eventName(event));
  const automatic = AUTOMATIC_EVENTS[flow]?.[status];
  return (
    [
      ...(automatic ? [`at once: ${eventName(automatic)}`] : []),
      ...onward,
      ...(inPlace.length ? [`stays on: ${inPlace.join(', ')}`] : []),
    ].join('<br>') || '—'
  );
}

function flowDiagram(flow: Flow, statuses: TransactionStatus[], tables: FlowTables): string[] {
  const lines = ['```mermaid', 'stateDiagram-v2', `  [*] --> ${FIRST_STATUS[flow]}`];
  for (const status of statuses) {
    for (const [event, to] of Object.entries(tables.transitions[flow][status] ?? {})) {
      if (to !== status) lines.push(`  ${status} --> ${to}: ${event}`);
    }
  }
  lines.push(`  ${FINAL_STATUS[flow]} --> [*]`, '```');
  return lines;
}

function flowSection(flow: Flow, tables: FlowTables): string[] {
  const statuses = statusesOf(flow, tables);
  return [
    `## Flow ${code(flow)}`,
    '',
    `${WHAT_EACH_FLOW_IS[flow]} It starts at ${code(FIRST_STATUS[flow])} and ends at ${code(FINAL_STATUS[flow])}.`,
    '',
    ...flowDiagram(flow, statuses, tables),
    '',
    '| Status | Screen the party sees (view) | What moves it on |',
    '| --- | --- | --- |',
    ...statuses.map(
      (status) => `| ${statusCell(flow, status)} | ${screenCell(flow, status, tables)} | ${movesCell(flow, status, tables)} |`,
    ),
    '',
  ];
}

function offerSection(): string[] {
  const rows = (Object.entries(OFFER_TRANSITIONS) as [NegotiationStatus, (typeof OFFER_TRANSITIONS)[NegotiationStatus]][]).flatMap(
    ([status, actions]) =>
      Object.entries(actions).map(([action, move]) => `| ${code(status)} | ${action} | ${move.by} | ${code(move.to)} |`),
  );
  const finals = Object.keys(OFFER_TRANSITIONS).filter((status) => !Object.keys(OFFER_TRANSITIONS[status as NegotiationStatus]).length);
  return [
    '## The offer lifecycle',
    '',
    `A negotiation is a chain of offers on one car between one seller and one buyer. An offer stands ${OFFER_VALIDITY_DAYS} days; the`,
    'sender is the side that made the latest offer, the recipient the other side (from `src/domain/offer-lifecycle.ts`).',
    '',
    '| Status | Action | Who | Next |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `${finals.map(code).join(', ')} are final. Accepting makes the deal and closes the car’s other negotiations.`,
    '',
  ];
}

function saleSection(): string[] {
  return [
    '## A sale as a whole',
    '',
    'Beside each side’s status, the deal has one stage that the lists, the overview, mail and the timeline PDF read',
    '(`src/domain/sale-state.ts`). A sale is closed only when both sides’ steps are done and delivery is confirmed:',
    '',
    SALE_STAGES.map(code).join(' → '),
    '',
  ];
}

function requestSection(): string[] {
  return [
    '## Actions that ask a provider',
    '',
    'These party actions move no status themselves; the provider’s answer (by signed webhook, or at once on the server) does.',
    '',
    '| Action | Answers |',
    '| --- | --- |',
    ...Object.entries(PROVIDER_REQUESTS).map(([action, answers]) => `| ${action} | ${answers!.map(eventName).join(', ')} |`),
    '',
  ];
}

/** The whole page, from `tables` (the domain's unless a test alters them), formatted as `npm run lint` checks it. */
export async function flowsPage(tables: FlowTables = DOMAIN_TABLES): Promise<string> {
  const kinds = Object.entries(DEAL_KINDS).map(
    ([kind, sides]) => `| ${kind} | [${code(sides.buyer)}](#${anchor(sides.buyer)}) | [${code(sides.seller)}](#${anchor(sides.seller)}) |`,
  );
  const page = [
    '<!-- Written by `npm run docs:flows` from the tables in src/domain. Do not edit: CI fails when it differs from them. -->',
    '',
    '# Flows: statuses, actions and screens',
    '',
    'Each side of a deal walks its own flow. A status moves only by an event in its flow’s table',
    '(`src/domain/transaction-transitions.ts`): a party’s action (plain) or a provider’s answer (_in italics_). The screen',
    'each status shows comes from `src/domain/transaction-flows.ts`; a status without one keeps the party where they are.',
    '"Stays on" lists changes made in place (another loan, another plan) that move no status. What each step asks of a',
    'person is in [buying and selling](buying-and-selling.md).',
    '',
    '| Kind of deal | Buyer’s flow | Seller’s flow |',
    '| --- | --- | --- |',
    ...kinds,
    '',
    ...FLOWS.flatMap((flow) => flowSection(flow, tables)),
    ...requestSection(),
    ...offerSection(),
    ...saleSection(),
  ].join('\n');
  return format(page, { ...(await resolveConfig(FLOWS_PAGE)), filepath: FLOWS_PAGE });
}

/** Where `written` (the committed page) differs from what `tables` give: undefined when it is up to date. */
export async function stalenessOf(written: string, tables: FlowTables = DOMAIN_TABLES): Promise<string | undefined> {
  const expected = (await flowsPage(tables)).split('\n');
  const actual = written.split('\n');
  const line = expected.findIndex((text, index) => actual[index] !== text);
  if (line === -1 && actual.length === expected.length) return undefined;
  const at = line === -1 ? expected.length : line;
  return `${FLOWS_PAGE} is stale from line ${at + 1} (expected ${JSON.stringify(expected[at] ?? '')}, found ${JSON.stringify(actual[at] ?? '')}): run \`npm run docs:flows\`.`;
}

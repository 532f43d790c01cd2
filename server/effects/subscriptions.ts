/**
 * Who is told what when something happens (DESIGN.md §13): each domain event's subscribers, run
 * by the unit of work in the command's database transaction. Adding what someone is told about an
 * event is an entry here, never a call from the code that made the change.
 */
import type { DomainEventName, Subscribers } from '../kernel/domain-events';
import { DEAL_NOTICES } from './notices/deal-notices';
import { DELIVERY_NOTICES } from './notices/delivery-notices';
import { DEALER_APPLICATION_NOTICES } from './notices/dealer-application-notices';
import { DEALER_NOTICES } from './notices/dealer-notices';
import { MESSAGE_NOTICES } from './notices/message-notices';
import { OFFER_NOTICES } from './notices/offer-notices';

const ALL = [OFFER_NOTICES, DEAL_NOTICES, DELIVERY_NOTICES, DEALER_NOTICES, DEALER_APPLICATION_NOTICES, MESSAGE_NOTICES];

export const SUBSCRIBERS = Object.fromEntries(
  [...new Set(ALL.flatMap((table) => Object.keys(table) as DomainEventName[]))].map((name) => [
    name,
    ALL.flatMap((table) => (table[name] ?? []) as unknown[]),
  ]),
) as Subscribers;

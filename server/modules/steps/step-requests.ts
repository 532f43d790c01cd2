/**
 * The party actions that hand a request to a provider answering by webhook (DESIGN.md §9): the
 * title desk reviews the seller's title documents (again after a replaced photo, or once the
 * seller authorised Caramel as agent), the inspection service reports on the seller's photos. The
 * body is built from the step data once the action applied.
 */
import type { StepData } from '../../../src/domain/transaction-contract';
import type { PartyEvent } from '../../../src/domain/transaction-transitions';
import type { AsyncProviderName } from '../../providers/async-providers';

export interface RequestVehicle {
  vin: string;
  modelYear: number;
  mileage: number;
}

type Builder = { provider: AsyncProviderName; kind: string; body: (data: StepData, vehicle: RequestVehicle) => Record<string, unknown> };

const titleReview: Builder = {
  provider: 'title-desk',
  kind: 'review',
  body: (data, vehicle) => ({
    vehicle,
    documents: data.title.documents,
    odometerReading: data.title.odometerReading,
    lien: data.title.lien !== null,
    agentAuthorized: data.title.agentAuthorization !== null,
  }),
};

const REQUESTS: Partial<Record<PartyEvent, Builder>> = {
  'title vehicle docs uploaded': titleReview,
  'title document replaced': titleReview,
  'agent authorized': titleReview,
  'inspection submitted': {
    provider: 'inspection',
    kind: 'report',
    body: (data, vehicle) => ({ vehicle, photos: data.inspection.photos, damage: data.inspection.damage }),
  },
};

/** Whether `event` hands a request to a provider answering by webhook. */
export const asksLater = (event: PartyEvent): boolean => event in REQUESTS;

/** The request `event` asks of a provider, if any. */
export function stepRequest(event: PartyEvent, data: StepData, vehicle: RequestVehicle) {
  const builder = REQUESTS[event];
  return builder && { provider: builder.provider, kind: builder.kind, body: builder.body(data, vehicle) };
}

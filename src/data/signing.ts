/** Signing the sale: where it stands, a signing session at the e-signature provider, and the other party once closed. */
import * as z from 'zod/mini';
import { connectionSchema, signingStateSchema, type SigningSessionRequest } from '../domain/signing';
import { apiRequest } from './api-client';

export const signingStateOf = (transactionId: string) => apiRequest('GET', `transactions/${transactionId}/signing`, signingStateSchema);

export const openSigningSession = (transactionId: string, request: SigningSessionRequest) =>
  apiRequest('POST', `transactions/${transactionId}/signing-session`, z.object({ url: z.string() }), request);

export const connectionOf = (transactionId: string) =>
  apiRequest('GET', `transactions/${transactionId}/connection`, z.object({ connection: connectionSchema }));

/** Signing the sale: where it stands, a signing session at the e-signature provider, and the other party once closed. */
import { connectionAnswerSchema, signingSessionSchema, signingStateSchema, type SigningSessionRequest } from '../../domain/signing';
import { apiRequest } from './api-client';

export const signingStateOf = (transactionId: string) => apiRequest('GET', `transactions/${transactionId}/signing`, signingStateSchema);

export const openSigningSession = (transactionId: string, request: SigningSessionRequest) =>
  apiRequest('POST', `transactions/${transactionId}/signing-session`, signingSessionSchema, request);

export const connectionOf = (transactionId: string) =>
  apiRequest('GET', `transactions/${transactionId}/connection`, connectionAnswerSchema);

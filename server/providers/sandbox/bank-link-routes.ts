/**
 * The sandbox bank link's API, shaped like a real provider's: link tokens, the hosted page and its
 * steps, the public-token exchange, accounts, micro-deposit verification and processor tokens.
 * Errors answer 400 with `error_code` and a `message` a person can read.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import type { BankLinkStore } from './bank-link';
import { bankLinkPage } from './bank-link-page';

const linkTokenCreate = z.object({ client_user_id: z.string().check(z.minLength(1)), redirect_uri: z.url() });
const login = z.object({ linkToken: z.string(), institutionId: z.string(), username: z.string(), password: z.string() });
const complete = z.object({ session: z.string(), accountId: z.string() });
const exchange = z.object({ public_token: z.string() });
const accessToken = z.object({ access_token: z.string() });
const verify = z.object({ access_token: z.string(), account_id: z.string(), amounts: z.array(z.number().check(z.int())) });
const processor = z.object({ access_token: z.string(), account_id: z.string() });

const invalid = (reply: FastifyReply, code: string, message: string) => reply.code(400).send({ error_code: code, message });

export function bankLinkRoutes(app: FastifyInstance, store: BankLinkStore) {
  const body = <T>(schema: z.ZodMiniType<T>, input: unknown) => schema.safeParse(input);

  app.post('/bank-link/link/token/create', async (request, reply) => {
    const input = body(linkTokenCreate, request.body);
    if (!input.success) return invalid(reply, 'INVALID_REQUEST', 'client_user_id and redirect_uri are required');
    return store.createLinkToken(input.data.client_user_id, input.data.redirect_uri);
  });
  app.get<{ Querystring: { token?: string } }>('/bank-link/hosted', async (request, reply) => {
    const token = request.query.token ?? '';
    if (!store.linkToken(token))
      return reply.code(410).type('text/plain').send('This link has expired. Go back to Caramel and start again.');
    return reply.type('text/html').header('cache-control', 'no-store').send(bankLinkPage(token));
  });
  app.post('/bank-link/hosted/login', async (request, reply) => {
    const input = body(login, request.body);
    if (!input.success) return invalid(reply, 'INVALID_REQUEST', 'Enter your username and password.');
    const answer = store.logIn(input.data.linkToken, input.data.institutionId, input.data.username, input.data.password);
    return 'error' in answer ? invalid(reply, 'INVALID_CREDENTIALS', answer.error!) : answer;
  });
  app.post('/bank-link/hosted/complete', async (request, reply) => {
    const input = body(complete, request.body);
    const done = input.success ? store.complete(input.data.session, input.data.accountId) : undefined;
    if (!done) return invalid(reply, 'INVALID_SESSION', 'Choose one of your accounts.');
    const redirect = new URL(done.redirectUri);
    redirect.searchParams.set('public_token', done.publicToken);
    redirect.searchParams.set('link_token', done.linkToken);
    return { redirect: redirect.href };
  });
  app.post('/bank-link/hosted/cancel', async (request, reply) => {
    const token = (request.body as { linkToken?: string } | undefined)?.linkToken ?? '';
    const link = store.linkToken(token);
    if (!link) return invalid(reply, 'INVALID_LINK_TOKEN', 'This link has expired.');
    const redirect = new URL(link.redirectUri);
    redirect.searchParams.set('error', 'cancelled');
    redirect.searchParams.set('link_token', token);
    return { redirect: redirect.href };
  });
  app.post('/bank-link/item/public_token/exchange', async (request, reply) => {
    const input = body(exchange, request.body);
    const exchanged = input.success ? store.exchange(input.data.public_token) : undefined;
    return exchanged ?? invalid(reply, 'INVALID_PUBLIC_TOKEN', 'That public token is unknown or was exchanged already.');
  });
  app.post('/bank-link/accounts/get', async (request, reply) => {
    const input = body(accessToken, request.body);
    const accounts = input.success ? store.accounts(input.data.access_token) : undefined;
    return accounts ?? invalid(reply, 'INVALID_ACCESS_TOKEN', 'Unknown access token.');
  });
  app.post('/bank-link/accounts/micro_deposits/verify', async (request, reply) => {
    const input = body(verify, request.body);
    if (!input.success) return invalid(reply, 'INVALID_REQUEST', 'access_token, account_id and two amounts are required');
    const answer = store.verifyMicroDeposits(input.data.access_token, input.data.account_id, input.data.amounts);
    return 'error' in answer ? reply.code(400).send({ error_code: answer.error, attempts_left: answer.attempts_left }) : answer;
  });
  app.post('/bank-link/processor/token/create', async (request, reply) => {
    const input = body(processor, request.body);
    const token = input.success ? store.processorToken(input.data.access_token, input.data.account_id) : undefined;
    return token ? { processor_token: token } : invalid(reply, 'INVALID_ACCOUNT_ID', 'Unknown account.');
  });
}

/**
 * Offers, shared links and deals (issue 6). Signed-in routes reach only the caller's own
 * negotiations and deals (404 otherwise); `public/` routes (SPEC §6) take a shared-link token
 * and never reveal the other side's contact details.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  confirmVehicleSchema,
  linkActionSchema,
  linkChangeSchema,
  offerActionSchema,
  startOfferSchema,
} from '../../../src/domain/offer-fields';
import type { Database } from '../../db/client';
import { attachByEmail } from '../../modules/offers/deals';
import { actOnNegotiation, expireDueNegotiations, startNegotiation } from '../../modules/offers/negotiations';
import { actThroughLink, createLink, offerShownByLink, revokeLinks } from '../../modules/offers/share-links';
import { dealForParty } from '../../views/deal-views';
import { confirmVehicle } from '../../modules/offers/offer-vehicles';
import { dashboardCounts, negotiationForParty, negotiationsOf, negotiationSummary } from '../../views/offer-views';
import { userForCaller } from '../../modules/users/user-records';
import type { Authenticate } from '../auth';
import { limitedBy } from '../rate-limits';
import { parseInput } from '../../kernel/validation';

const idParams = z.object({ id: z.uuid('That is not an offer id') });
const tokenParams = z.object({
  token: z.string().check(z.regex(/^[\w-]{43}$/, 'That link is not complete; copy the whole link and try again')),
});

/** `appOrigin` (APP_ORIGIN) is where links in mail point: never a request's Host or X-Forwarded-Host (DESIGN §12). */
export function offerRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: Authenticate; deliver: () => Promise<void>; appOrigin: string },
) {
  const { db, appOrigin } = deps;
  const me = (request: FastifyRequest) => userForCaller(db, request.caller!);
  const delivered = async <T>(result: T): Promise<T> => {
    await deps.deliver().catch((error: unknown) => app.log.error(error, 'notification delivery failed'));
    return result;
  };

  app.post('/api/offers', { preHandler: [deps.authenticate, limitedBy(app, 'offersPerUser')] }, async (request, reply) => {
    const input = parseInput(startOfferSchema, request.body);
    const started = await startNegotiation(db, await me(request), input, appOrigin);
    const view = await negotiationForParty(db, started.negotiationId, await me(request));
    return reply
      .code(started.replayed ? 200 : 201)
      .send(await delivered({ ...view, shareUrl: started.shareUrl, replayed: started.replayed }));
  });

  // Reads first expire what ran out, so nobody sees an offer as open past its expiry.
  app.get('/api/offers', { preHandler: deps.authenticate }, async (request) => {
    const user = await me(request);
    await expireDueNegotiations(db, { userId: user.id });
    return negotiationsOf(db, user);
  });

  app.get('/api/offers/:id', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await expireDueNegotiations(db, { negotiationId: id });
    return negotiationForParty(db, id, await me(request));
  });

  app.post('/api/offers/:id/actions', { preHandler: [deps.authenticate, limitedBy(app, 'offerActionsPerUser')] }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(offerActionSchema, request.body);
    const user = await me(request);
    await actOnNegotiation(db, id, { kind: 'user', user }, input);
    return delivered(await negotiationForParty(db, id, user));
  });

  // "Confirm vehicle information": the seller confirms or corrects what a buyer described, with the VIN.
  app.post('/api/offers/:id/vehicle', { preHandler: [deps.authenticate, limitedBy(app, 'offerActionsPerUser')] }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(confirmVehicleSchema, request.body);
    const user = await me(request);
    await confirmVehicle(db, id, user, input);
    return delivered(await negotiationForParty(db, id, user));
  });

  // Offers sent to an address go only to someone the user pool says owns it.
  app.post('/api/offers/link-account', { preHandler: deps.authenticate }, async (request, reply) => {
    if (!request.caller!.emailVerified)
      return reply
        .code(403)
        .send({ message: 'Confirm your e-mail address first: we attach what was sent to it only once we know it is yours.' });
    return attachByEmail(db, await me(request));
  });

  app.get('/api/deals/:id', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return dealForParty(db, id, await me(request));
  });

  app.get('/api/dashboard', { preHandler: deps.authenticate }, async (request) => dashboardCounts(db, await me(request)));

  app.post('/api/offers/:id/links', { preHandler: [deps.authenticate, limitedBy(app, 'linksPerUser')] }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { idempotencyKey } = parseInput(linkChangeSchema, request.body);
    const made = await createLink(db, id, await me(request), appOrigin, idempotencyKey);
    return reply.code(made.replayed ? 200 : 201).send(made);
  });

  app.delete('/api/offers/:id/links', { preHandler: deps.authenticate }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { idempotencyKey } = parseInput(linkChangeSchema, request.body);
    await revokeLinks(db, id, await me(request), idempotencyKey);
    return reply.code(204).send();
  });

  // Shared links: the vehicle, the offer, its expiry and the side the visitor is on; nothing about the people.
  const linkView = async (token: string, email: string | null) => {
    await expireDueNegotiations(db);
    const { negotiation, linkSide, offer, own } = await offerShownByLink(db, token, email);
    const summary = await negotiationSummary(db, negotiation);
    return {
      status: own ? negotiation.status : 'open',
      vehicle: summary.vehicle,
      offer: { id: offer.id, amount: offer.amountDollars, fromRole: offer.fromRole, expiresAt: offer.expiresAt.toISOString() },
      yourRole: linkSide,
    };
  };

  app.get('/api/public/offer-links/:token', { preHandler: limitedBy(app, 'linkViewsPerClient') }, async (request) => {
    const { token } = parseInput(tokenParams, request.params);
    return linkView(token, null);
  });

  const linkActions = limitedBy(app, 'linkActionsPerClient', 'linkActionsPerLink');
  app.post('/api/public/offer-links/:token/actions', { preHandler: linkActions }, async (request) => {
    const { token } = parseInput(tokenParams, request.params);
    const { email, ...action } = parseInput(linkActionSchema, request.body);
    const outcome = await actThroughLink(db, token, email, action);
    return delivered({ status: outcome.status, dealCreated: outcome.dealId !== null });
  });
}
